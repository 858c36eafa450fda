import { describe, expect, it } from 'vitest';
import { canAttachMore, filesThatFit } from './can-attach-more';

describe('canAttachMore (spec/chat.md §9: 3 files)', () => {
  it('allows up to 3 files', () => {
    expect([0, 1, 2, 3].map((n) => canAttachMore(Array.from({ length: n })))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
  it('says how many picked files fit', () => {
    expect([filesThatFit(0, 5), filesThatFit(2, 2), filesThatFit(3, 1)]).toEqual([3, 1, 0]);
  });
});
