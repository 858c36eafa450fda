import { describe, expect, it } from 'vitest';
import { textKeyword } from './text-keyword';
import { textReply } from './text-reply';

describe('textKeyword', () => {
  it('reads STOP, HELP and START and their synonyms, in any case', () => {
    expect(textKeyword('stop')).toBe('STOP');
    expect(textKeyword(' Unsubscribe! ')).toBe('STOP');
    expect(textKeyword('HELP')).toBe('HELP');
    expect(textKeyword('info.')).toBe('HELP');
    expect(textKeyword('Start')).toBe('START');
  });
  it('takes a question that mentions a keyword as a question', () => {
    expect(textKeyword('how do I stop procrastinating?')).toBeNull();
    expect(textKeyword('help me plan a week')).toBeNull();
  });
});

describe('textReply', () => {
  it('drops the markers and lists the cited sources by address', () => {
    const reply = textReply(
      'Sleep eight hours [1]. Walk daily [2].',
      [
        { used: true, url: 'https://a.example/sleep' },
        { used: false, url: 'https://b.example/other' },
        { used: true, url: null },
      ],
      1600,
    );
    expect(reply).toBe('Sleep eight hours. Walk daily.\n\nSources: https://a.example/sleep');
  });
  it('names a cited source without an address by its title', () => {
    const reply = textReply(
      'Buy stones first [1]. Then a plane [2].',
      [
        { used: true, url: null, documentTitle: 'Starter Hand Tool Checklist' },
        { used: true, url: 'https://a.example/first-shop' },
      ],
      1600,
    );
    expect(reply).toBe(
      'Buy stones first. Then a plane.\n\nSources: Starter Hand Tool Checklist; https://a.example/first-shop',
    );
  });
  it('cuts a long answer at a sentence to fit the channel', () => {
    const long = `${'One sentence here. '.repeat(20)}`;
    const reply = textReply(long, [], 100);
    expect(reply.length).toBeLessThanOrEqual(100);
    expect(reply.endsWith('.…')).toBe(true);
  });
});
