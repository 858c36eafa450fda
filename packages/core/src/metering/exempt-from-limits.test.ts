import { describe, expect, it } from 'vitest';
import { exemptFromLimits } from './exempt-from-limits';

describe('exemptFromLimits', () => {
  it('exempts creators and contributors only', () => {
    expect(exemptFromLimits('CREATOR')).toBe(true);
    expect(exemptFromLimits('CONTRIBUTOR')).toBe(true);
    expect(exemptFromLimits('FOLLOWER')).toBe(false);
    expect(exemptFromLimits(null)).toBe(false);
    expect(exemptFromLimits(undefined)).toBe(false);
  });
});
