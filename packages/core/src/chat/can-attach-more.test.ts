import { MAX_DRAFT_FILES } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { canAttachMore } from './can-attach-more';

describe('canAttachMore', () => {
  it('allows up to 3 files and disables upload at 3', () => {
    expect(MAX_DRAFT_FILES).toBe(3);
    expect(canAttachMore(0)).toBe(true);
    expect(canAttachMore(2)).toBe(true);
    expect(canAttachMore(3)).toBe(false);
    expect(canAttachMore(4)).toBe(false);
  });
});
