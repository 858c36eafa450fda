import { describe, expect, it } from 'vitest';
import { usageOf } from '../../test/fixtures';
import { showRemainingCounter } from './show-remaining-counter';

describe('showRemainingCounter', () => {
  it('shows with a limited quota, e-mail required and overage off', () => {
    expect(showRemainingCounter(usageOf(), true)).toBe(true);
    expect(showRemainingCounter(usageOf({ usage: { messages: 50 } }), true)).toBe(true);
  });

  it('hides when overage is on', () => {
    expect(showRemainingCounter(usageOf({ overage: true }), true)).toBe(false);
  });

  it('hides when e-mail is not required', () => {
    expect(showRemainingCounter(usageOf(), false)).toBe(false);
  });

  it('hides with quota -1', () => {
    expect(showRemainingCounter(usageOf({ quota: { messages: -1 } }), true)).toBe(false);
  });

  it('hides while usage is unknown', () => {
    expect(showRemainingCounter(null, true)).toBe(false);
  });
});
