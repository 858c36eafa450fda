import { CREATOR_TEXT_MAX_LENGTH } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { creatorToolsOffered } from './creator-tools-offered';
import { validateCreatorText } from './validate-creator-text';

describe('validateCreatorText', () => {
  it('needs at least one character after trimming, and at most the limit', () => {
    expect(validateCreatorText('  Begin small. ')).toEqual({ ok: true, text: 'Begin small.' });
    expect(validateCreatorText('   ')).toEqual({ ok: false, error: null });
    expect(validateCreatorText('x'.repeat(CREATOR_TEXT_MAX_LENGTH + 1))).toEqual({
      ok: false,
      error: 'At most 4,000 characters',
    });
  });
});

describe('creatorToolsOffered', () => {
  const base = {
    owner: true,
    embedded: false,
    sender: 'CLONE',
    first: false,
    stored: true,
    fromStudio: false,
  } as const;
  it('offers the tools to owners on stored clone answers outside embeds', () => {
    expect(creatorToolsOffered(base)).toBe(true);
  });
  it('never to others, in embeds, on the first message, on studio messages or user messages', () => {
    for (const change of [
      { owner: false },
      { embedded: true },
      { first: true },
      { fromStudio: true },
      { stored: false },
      { sender: 'USER' as const },
    ]) {
      expect(creatorToolsOffered({ ...base, ...change })).toBe(false);
    }
  });
});
