import { describe, expect, it } from 'vitest';
import { usageOf } from '../../test/fixtures';
import { type VoicePaywallInput, voicePaywallTriggers } from './voice-paywall-triggers';

const visitor: VoicePaywallInput = {
  signedIn: false,
  requireEmail: true,
  usage: null,
  anonymousVoiceMinutes: 2,
  anonymousVoiceSecondsUsed: 0,
};
const member: VoicePaywallInput = { ...visitor, signedIn: true, usage: usageOf() };
const none = { permissionRefused: false, anonymousLimitReached: false, quotaReached: false, open: false };

describe('voicePaywallTriggers', () => {
  it('opens nothing within limits', () => {
    expect(voicePaywallTriggers(visitor)).toEqual(none);
    expect(voicePaywallTriggers(member)).toEqual(none);
  });

  it('(a) fires when can_make_call is explicitly false', () => {
    const result = voicePaywallTriggers({
      ...member,
      usage: usageOf({ permissions: { can_make_call: false } }),
    });
    expect(result).toEqual({ ...none, permissionRefused: true, open: true });
  });

  it('(b) fires when a visitor used the anonymous voice minutes × 60 s', () => {
    expect(voicePaywallTriggers({ ...visitor, anonymousVoiceSecondsUsed: 119 }).anonymousLimitReached).toBe(
      false,
    );
    expect(voicePaywallTriggers({ ...visitor, anonymousVoiceSecondsUsed: 120 })).toEqual({
      ...none,
      anonymousLimitReached: true,
      open: true,
    });
    expect(voicePaywallTriggers({ ...visitor, anonymousVoiceMinutes: 0 }).open).toBe(true);
  });

  it('(b) never fires for an unlimited anonymous quota or a signed-in user', () => {
    expect(
      voicePaywallTriggers({ ...visitor, anonymousVoiceMinutes: -1, anonymousVoiceSecondsUsed: 9e6 }).open,
    ).toBe(false);
    expect(voicePaywallTriggers({ ...member, anonymousVoiceMinutes: 0 }).anonymousLimitReached).toBe(false);
  });

  it('(c) fires when used voice seconds reach a limited quota without overage', () => {
    const at = usageOf({ usage: { voice_seconds: 600 }, quota: { voice_seconds: 600 } });
    const below = usageOf({ usage: { voice_seconds: 599 }, quota: { voice_seconds: 600 } });
    expect(voicePaywallTriggers({ ...member, usage: below }).quotaReached).toBe(false);
    expect(voicePaywallTriggers({ ...member, usage: at })).toEqual({
      ...none,
      quotaReached: true,
      open: true,
    });
  });

  it('(c) does not fire with overage on or quota -1', () => {
    const over = { usage: { voice_seconds: 900 }, quota: { voice_seconds: 600 } };
    expect(voicePaywallTriggers({ ...member, usage: usageOf({ ...over, overage: true }) }).open).toBe(false);
    expect(
      voicePaywallTriggers({
        ...member,
        usage: usageOf({ usage: { voice_seconds: 900 }, quota: { voice_seconds: -1 } }),
      }).open,
    ).toBe(false);
  });

  it('never opens when e-mail is not required', () => {
    const result = voicePaywallTriggers({
      ...visitor,
      requireEmail: false,
      anonymousVoiceSecondsUsed: 500,
      usage: usageOf({ permissions: { can_make_call: false } }),
    });
    expect(result.open).toBe(false);
    expect(result.anonymousLimitReached).toBe(false);
    expect(result.quotaReached).toBe(false);
  });

  it('exempts creators and contributors from call limits', () => {
    const usage = usageOf({ usage: { voice_seconds: 900 }, quota: { voice_seconds: 600 } });
    expect(voicePaywallTriggers({ ...member, usage, relationshipType: 'CREATOR' }).open).toBe(false);
    expect(voicePaywallTriggers({ ...member, usage, relationshipType: 'CONTRIBUTOR' }).open).toBe(false);
    expect(voicePaywallTriggers({ ...member, usage, relationshipType: 'FOLLOWER' }).open).toBe(true);
  });
});
