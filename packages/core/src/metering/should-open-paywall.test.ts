import { describe, expect, it } from 'vitest';
import { usageOf } from '../../test/fixtures';
import { type PaywallInput, shouldOpenPaywall } from './should-open-paywall';

const base: PaywallInput = {
  signedIn: false,
  requireEmail: true,
  usage: null,
  anonymousQuota: 10,
  anonymousUserMessages: 0,
  whitelabel: false,
};

describe('shouldOpenPaywall', () => {
  it('never opens when e-mail is not required', () => {
    expect(shouldOpenPaywall({ ...base, requireEmail: false, anonymousUserMessages: 99 })).toBe(false);
    expect(
      shouldOpenPaywall({
        ...base,
        requireEmail: false,
        signedIn: true,
        usage: usageOf({ permissions: { can_send_message: false } }),
      }),
    ).toBe(false);
  });

  describe('anonymous visitor', () => {
    it('opens once the anonymous quota of messages is reached', () => {
      expect(shouldOpenPaywall({ ...base, anonymousUserMessages: 9 })).toBe(false);
      expect(shouldOpenPaywall({ ...base, anonymousUserMessages: 10 })).toBe(true);
      expect(shouldOpenPaywall({ ...base, anonymousUserMessages: 11 })).toBe(true);
      expect(shouldOpenPaywall({ ...base, anonymousQuota: 0 })).toBe(true);
    });

    it('never opens with an unlimited anonymous quota', () => {
      expect(shouldOpenPaywall({ ...base, anonymousQuota: -1, anonymousUserMessages: 500 })).toBe(false);
    });

    it("opens when the server's anonymous usage refuses", () => {
      const usage = usageOf({ anonymous: true, usage: { messages: 10 }, quota: { messages: 10 } });
      expect(shouldOpenPaywall({ ...base, usage, anonymousUserMessages: 2 })).toBe(true);
    });

    it('ignores a signed-in usage record while signed out', () => {
      const usage = usageOf({ usage: { messages: 60 } });
      expect(shouldOpenPaywall({ ...base, usage })).toBe(false);
    });

    it('has no paywall dialog in whitelabel mode or while the capture flow asks for the e-mail', () => {
      expect(shouldOpenPaywall({ ...base, whitelabel: true, anonymousUserMessages: 10 })).toBe(false);
      expect(shouldOpenPaywall({ ...base, captureActive: true, anonymousUserMessages: 10 })).toBe(false);
    });
  });

  describe('signed-in user', () => {
    const signedIn = { ...base, signedIn: true, anonymousUserMessages: 99 };

    it('does not open while usage is unknown', () => {
      expect(shouldOpenPaywall({ ...signedIn, usage: null })).toBe(false);
    });

    it('opens at or above the quota without overage', () => {
      expect(shouldOpenPaywall({ ...signedIn, usage: usageOf({ usage: { messages: 49 } }) })).toBe(false);
      expect(shouldOpenPaywall({ ...signedIn, usage: usageOf({ usage: { messages: 50 } }) })).toBe(true);
    });

    it('stays closed with overage or quota -1', () => {
      expect(
        shouldOpenPaywall({ ...signedIn, usage: usageOf({ usage: { messages: 70 }, overage: true }) }),
      ).toBe(false);
      expect(
        shouldOpenPaywall({
          ...signedIn,
          usage: usageOf({ usage: { messages: 70 }, quota: { messages: -1 } }),
        }),
      ).toBe(false);
    });

    it('opens when can_send_message is false, even in whitelabel mode', () => {
      const usage = usageOf({ permissions: { can_send_message: false } });
      expect(shouldOpenPaywall({ ...signedIn, usage })).toBe(true);
      expect(shouldOpenPaywall({ ...signedIn, usage, whitelabel: true })).toBe(true);
    });
  });
});
