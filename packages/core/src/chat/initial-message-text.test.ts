import { describe, expect, it } from 'vitest';
import { initialMessageText } from './initial-message-text';

describe('initialMessageText', () => {
  it('reads message, trimmed', () => {
    expect(initialMessageText(new URLSearchParams('message=%20Hello%20'))).toBe('Hello');
  });

  it('reads q when there is no message', () => {
    expect(initialMessageText(new URLSearchParams('q=What+do+you+eat%3F'))).toBe('What do you eat?');
  });

  it('prefers message over q', () => {
    expect(initialMessageText(new URLSearchParams('q=second&message=first'))).toBe('first');
    expect(initialMessageText({ message: 'first', q: 'second' })).toBe('first');
  });

  it('falls through a blank message to q', () => {
    expect(initialMessageText(new URLSearchParams('message=%20%20&q=hi'))).toBe('hi');
  });

  it('is null when neither holds text', () => {
    expect(initialMessageText(new URLSearchParams(''))).toBeNull();
    expect(initialMessageText(new URLSearchParams('message=&q=%20'))).toBeNull();
    expect(initialMessageText({})).toBeNull();
    expect(initialMessageText({ message: null, q: undefined })).toBeNull();
  });

  it('takes the first value of a repeated parameter', () => {
    expect(initialMessageText(new URLSearchParams('message=a&message=b'))).toBe('a');
    expect(initialMessageText({ q: ['a', 'b'] })).toBe('a');
    expect(initialMessageText({ q: [] })).toBeNull();
  });
});
