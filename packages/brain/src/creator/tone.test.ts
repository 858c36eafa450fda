import { describe, expect, it } from 'vitest';
import type { CitationDraft } from '../brain';
import { matchesRevisedQuestion } from './creator-answer-match';
import { applyTone, asksForBrevity } from './tone';

const cite = (position: number): CitationDraft => ({
  position,
  used: true,
  documentId: 'd',
  documentTitle: 'T',
  title: 'T',
  text: 'x',
  url: 'https://example.com',
  timestampMs: null,
  type: 'website',
});

describe('applyTone', () => {
  const answer = {
    text: 'I bake at 250 degrees [1]. Then I drop to 220 [2].',
    citations: [cite(1), cite(2)],
  };

  it('leaves the answer alone without a note asking for brevity', () => {
    expect(applyTone(answer, ['More casual, please'])).toBe(answer);
    expect(asksForBrevity(['Be more concise'])).toBe(true);
  });

  it('keeps the first sentence and marks the dropped citations as relevant only', () => {
    const short = applyTone(answer, ['Shorter answers']);
    expect(short.text).toBe('I bake at 250 degrees [1].');
    expect(short.citations.map((c) => c.used)).toEqual([true, false]);
  });

  it('keeps a marker set after the full stop with its sentence', () => {
    expect(applyTone({ text: 'Does it? [1] Yes it does.', citations: [cite(1)] }, ['brief']).text).toBe(
      'Does it? [1]',
    );
  });
});

describe('matchesRevisedQuestion', () => {
  it('matches the same words and close paraphrases, not other questions', () => {
    expect(matchesRevisedQuestion('How do I start?', 'how do i start')).toBe(true);
    expect(matchesRevisedQuestion('How should I get started?', 'How do I start?')).toBe(true);
    expect(matchesRevisedQuestion('How do I start a starter?', 'How do I start?')).toBe(false);
    expect(matchesRevisedQuestion('Hi', 'Hello')).toBe(false);
  });
});
