import { REMAINING_WARN_AT } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { remainingCounterTone } from './remaining-counter-tone';

describe('remainingCounterTone', () => {
  it("turns 'danger' at 3 or fewer", () => {
    expect(REMAINING_WARN_AT).toBe(3);
    for (const n of [3, 2, 1, 0]) expect(remainingCounterTone(n)).toBe('danger');
  });

  it("stays 'normal' above 3 and when unlimited", () => {
    for (const n of [4, 10, 500, -1]) expect(remainingCounterTone(n)).toBe('normal');
  });
});
