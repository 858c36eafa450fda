import { describe, expect, it } from 'vitest';
import { ConversationTitle } from './conversation';
import { controlCharacterIn, isInvisibleText } from './text';

describe('text rules', () => {
  it('names the first control character, allowing tabs and line breaks', () => {
    expect(controlCharacterIn('line one\nline two\r\n\tindented')).toBeNull();
    expect(controlCharacterIn('a\u0000b')).toBe('U+0000');
    expect(controlCharacterIn('bell\u0007')).toBe('U+0007');
    expect(controlCharacterIn('del\u007f')).toBe('U+007F');
    expect(controlCharacterIn('c1\u0085')).toBe('U+0085');
    expect(controlCharacterIn('emoji 🪵 and accents é')).toBeNull();
  });

  it('sees text made only of invisible characters as empty', () => {
    for (const blank of [
      '',
      '   ',
      '\u200b\u200b',
      '\u00a0\u2060\ufeff',
      '\u3164',
      '\u2800 \u200d',
      '\u00ad',
    ]) {
      expect(isInvisibleText(blank)).toBe(true);
    }
    for (const text of ['a', '\u200bhi', '🪵', '·']) expect(isInvisibleText(text)).toBe(false);
  });

  it('refuses a conversation title of invisible characters or with control characters', () => {
    expect(ConversationTitle.safeParse('\u200b\u200b\u200b').success).toBe(false);
    expect(ConversationTitle.safeParse('Trip\u0000').success).toBe(false);
    expect(ConversationTitle.parse('  Trip \u200b')).toBe('Trip \u200b');
  });
});
