import { describe, expect, it } from 'vitest';
import { passageSentences } from './passage-sentences';

describe('passageSentences', () => {
  it('reads a transcript speaker label as who speaks', () => {
    const [line] = passageSentences('HOST (Dee Okafor): How high should a bench be?');
    expect(line).toMatchObject({ speaker: 'host dee okafor', text: 'How high should a bench be?' });
  });

  it('keeps a glossary line whose parentheses gloss an abbreviation as text, not a speaker', () => {
    const [line] = passageSentences('FAS (Firsts and Seconds): the top grade. Wide, long boards.');
    expect(line).toMatchObject({ speaker: null, text: 'FAS (Firsts and Seconds): the top grade.' });
  });
});
