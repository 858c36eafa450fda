import { describe, expect, it } from 'vitest';
import { usageOf } from '../../test/fixtures';
import { paywallAction } from './paywall-action';
import type { PaywallInput } from './should-open-paywall';

const base: PaywallInput = {
  signedIn: false,
  requireEmail: true,
  usage: null,
  anonymousQuota: 3,
  anonymousUserMessages: 0,
  whitelabel: false,
};

describe('paywallAction', () => {
  it("is 'none' within limits", () => {
    expect(paywallAction(base)).toBe('none');
    expect(paywallAction({ ...base, signedIn: true, usage: usageOf() })).toBe('none');
  });

  it("asks a visitor at the limit to sign in first ('login')", () => {
    expect(paywallAction({ ...base, anonymousUserMessages: 3 })).toBe('login');
  });

  it("shows the tiers to a signed-in user at the limit ('tiers')", () => {
    expect(paywallAction({ ...base, signedIn: true, usage: usageOf({ usage: { messages: 50 } }) })).toBe(
      'tiers',
    );
  });

  it('opens on request (the paywall query, the credits ring) within limits', () => {
    expect(paywallAction({ ...base, requested: true })).toBe('login');
    expect(paywallAction({ ...base, signedIn: true, usage: usageOf(), requested: true })).toBe('tiers');
  });

  it('never opens when e-mail is not required, even on request', () => {
    expect(paywallAction({ ...base, requireEmail: false, requested: true, anonymousUserMessages: 9 })).toBe(
      'none',
    );
  });
});
