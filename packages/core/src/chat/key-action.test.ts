import { describe, expect, it } from 'vitest';
import { keyAction } from './key-action';

const press = (patch: Partial<Parameters<typeof keyAction>[0]>) =>
  keyAction({ key: 'Enter', shiftKey: false, isComposing: false, pending: false, ...patch });

describe('keyAction', () => {
  it('sends on Enter', () => {
    expect(press({})).toBe('send');
  });

  it('adds a newline on Shift+Enter, pending or not', () => {
    expect(press({ shiftKey: true })).toBe('newline');
    expect(press({ shiftKey: true, pending: true })).toBe('newline');
  });

  it('blocks Enter while a send is pending', () => {
    expect(press({ pending: true })).toBe('block');
  });

  it('leaves Enter to the input method while composing', () => {
    expect(press({ isComposing: true })).toBe('ignore');
    expect(press({ isComposing: true, shiftKey: true })).toBe('ignore');
    expect(press({ isComposing: true, pending: true })).toBe('ignore');
  });

  it('ignores every other key', () => {
    for (const key of ['a', 'Tab', 'Escape', ' ', 'NumpadEnter', 'enter']) {
      expect(press({ key })).toBe('ignore');
    }
  });
});
