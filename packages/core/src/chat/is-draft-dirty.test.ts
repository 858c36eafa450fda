import { describe, expect, it } from 'vitest';
import { isDraftDirty } from './is-draft-dirty';

describe('isDraftDirty', () => {
  it('is clean with no text and no files', () => {
    expect(isDraftDirty({ text: '', files: [] })).toBe(false);
  });

  it('is dirty with any text, whitespace included', () => {
    expect(isDraftDirty({ text: 'hi', files: [] })).toBe(true);
    expect(isDraftDirty({ text: ' ', files: [] })).toBe(true);
  });

  it('is dirty with any attached file', () => {
    expect(isDraftDirty({ text: '', files: [{ id: 'f', status: 0 }] })).toBe(true);
  });
});
