import { describe, expect, it } from 'vitest';
import { titleFromMessage } from './title-from-message';

describe('titleFromMessage', () => {
  it('keeps a short message whole, on one line', () => {
    expect(titleFromMessage('  How do you\n plan   a season? ')).toBe('How do you plan a season?');
  });

  it('cuts a long message at a word boundary within 100 characters', () => {
    const text = `${'word '.repeat(30)}end`;
    const title = titleFromMessage(text);
    expect(title.length).toBeLessThanOrEqual(100);
    expect(title.endsWith('word…')).toBe(true);
  });

  it('cuts a long unbroken word hard', () => {
    const title = titleFromMessage('x'.repeat(300));
    expect(title).toBe(`${'x'.repeat(99)}…`);
  });
});
