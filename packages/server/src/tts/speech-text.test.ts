import { describe, expect, it } from 'vitest';
import { speechText } from './speech-text';

describe('speechText', () => {
  it('drops citation markers, link targets, emphasis and headings', () => {
    expect(speechText('## Sharpening\nI hone at **30°** [1] and use a [strop](https://x.example) [2].')).toBe(
      'Sharpening\nI hone at 30° and use a strop.',
    );
  });

  it('reads list items and quotes as plain lines', () => {
    expect(speechText('- one\n- two\n> said')).toBe('one\ntwo\nsaid');
  });

  it('keeps snake_case words and lone asterisks', () => {
    expect(speechText('a snake_case name, 2 * 3')).toBe('a snake_case name, 2 * 3');
  });
});
