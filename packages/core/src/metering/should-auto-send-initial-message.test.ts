import { describe, expect, it } from 'vitest';
import {
  type InitialMessageQuotaInput,
  shouldAutoSendInitialMessage,
} from './should-auto-send-initial-message';

const anonymous: InitialMessageQuotaInput = {
  requireEmail: true,
  signedIn: false,
  anonymousQuotaMessages: 3,
  anonymousUserMessageCount: 0,
};
const signedIn = (usage: InitialMessageQuotaInput['usage']): InitialMessageQuotaInput => ({
  ...anonymous,
  signedIn: true,
  anonymousUserMessageCount: 99,
  usage,
});

describe('shouldAutoSendInitialMessage', () => {
  it('sends for an anonymous visitor below the anonymous quota', () => {
    expect(shouldAutoSendInitialMessage({ ...anonymous, anonymousUserMessageCount: 2 })).toBe(true);
  });

  it('does not send once the anonymous visitor has reached the quota', () => {
    expect(shouldAutoSendInitialMessage({ ...anonymous, anonymousUserMessageCount: 3 })).toBe(false);
    expect(shouldAutoSendInitialMessage({ ...anonymous, anonymousUserMessageCount: 4 })).toBe(false);
  });

  it('does not send with an anonymous quota of 0', () => {
    expect(shouldAutoSendInitialMessage({ ...anonymous, anonymousQuotaMessages: 0 })).toBe(false);
  });

  it('treats an anonymous quota of -1 as unlimited', () => {
    expect(
      shouldAutoSendInitialMessage({
        ...anonymous,
        anonymousQuotaMessages: -1,
        anonymousUserMessageCount: 500,
      }),
    ).toBe(true);
  });

  it('skips every check when requireEmail is false', () => {
    expect(
      shouldAutoSendInitialMessage({ ...anonymous, requireEmail: false, anonymousUserMessageCount: 10 }),
    ).toBe(true);
    expect(
      shouldAutoSendInitialMessage({
        ...signedIn({ quota: 5, used: 5, overage: false }),
        requireEmail: false,
      }),
    ).toBe(true);
  });

  it('sends for a signed-in user below the quota, ignoring the anonymous count', () => {
    expect(shouldAutoSendInitialMessage(signedIn({ quota: 5, used: 4, overage: false }))).toBe(true);
  });

  it('does not send for a signed-in user at or above the quota without overage', () => {
    expect(shouldAutoSendInitialMessage(signedIn({ quota: 5, used: 5, overage: false }))).toBe(false);
    expect(shouldAutoSendInitialMessage(signedIn({ quota: 5, used: 6, overage: false }))).toBe(false);
    expect(shouldAutoSendInitialMessage(signedIn({ quota: 0, used: 0, overage: false }))).toBe(false);
  });

  it('sends at the quota when overage is on', () => {
    expect(shouldAutoSendInitialMessage(signedIn({ quota: 5, used: 5, overage: true }))).toBe(true);
  });

  it('sends when the quota is -1 (unlimited)', () => {
    expect(shouldAutoSendInitialMessage(signedIn({ quota: -1, used: 1_000, overage: false }))).toBe(true);
  });

  it('sends when the usage is not known yet', () => {
    expect(shouldAutoSendInitialMessage(signedIn(undefined))).toBe(true);
    expect(shouldAutoSendInitialMessage(signedIn(null))).toBe(true);
  });
});
