import type { MeteredResource } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { usageOf } from '../../test/fixtures';
import { type PaywallTriggerInput, paywallTriggers } from './paywall-triggers';

/** A visitor with 2 anonymous voice minutes (120 s), nothing used. */
const visitor: PaywallTriggerInput = {
  signedIn: false,
  requireEmail: true,
  usage: null,
  anonymousQuota: 120,
  anonymousUsed: 0,
};
const member: PaywallTriggerInput = { ...visitor, signedIn: true, usage: usageOf() };
const none = { permissionRefused: false, anonymousLimitReached: false, quotaReached: false, open: false };
const voice = (input: PaywallTriggerInput) => paywallTriggers('voice_seconds', input);

describe('paywallTriggers for voice (spec/calls.md §5)', () => {
  it('opens nothing within limits', () => {
    expect(voice(visitor)).toEqual(none);
    expect(voice(member)).toEqual(none);
  });

  it('(a) fires when can_make_call is explicitly false', () => {
    const result = voice({ ...member, usage: usageOf({ permissions: { can_make_call: false } }) });
    expect(result).toEqual({ ...none, permissionRefused: true, open: true });
  });

  it('(b) fires when a visitor used the anonymous voice seconds', () => {
    expect(voice({ ...visitor, anonymousUsed: 119 }).anonymousLimitReached).toBe(false);
    expect(voice({ ...visitor, anonymousUsed: 120 })).toEqual({
      ...none,
      anonymousLimitReached: true,
      open: true,
    });
    expect(voice({ ...visitor, anonymousQuota: 0 }).open).toBe(true);
  });

  it('(b) never fires for an unlimited anonymous quota or a signed-in user', () => {
    expect(voice({ ...visitor, anonymousQuota: -1, anonymousUsed: 9e6 }).open).toBe(false);
    expect(voice({ ...member, anonymousQuota: 0 }).anonymousLimitReached).toBe(false);
  });

  it('(c) fires when used voice seconds reach a limited quota without overage', () => {
    const at = usageOf({ usage: { voice_seconds: 600 }, quota: { voice_seconds: 600 } });
    const below = usageOf({ usage: { voice_seconds: 599 }, quota: { voice_seconds: 600 } });
    expect(voice({ ...member, usage: below }).quotaReached).toBe(false);
    expect(voice({ ...member, usage: at })).toEqual({ ...none, quotaReached: true, open: true });
  });

  it('(c) does not fire with overage on or quota -1', () => {
    const over = { usage: { voice_seconds: 900 }, quota: { voice_seconds: 600 } };
    expect(voice({ ...member, usage: usageOf({ ...over, overage: true }) }).open).toBe(false);
    expect(
      voice({ ...member, usage: usageOf({ usage: { voice_seconds: 900 }, quota: { voice_seconds: -1 } }) })
        .open,
    ).toBe(false);
  });

  it('(c) fires on the anonymous usage answer of a visitor', () => {
    const usage = usageOf({ anonymous: true, usage: { voice_seconds: 120 }, quota: { voice_seconds: 120 } });
    expect(voice({ ...visitor, usage })).toEqual({ ...none, quotaReached: true, open: true });
  });

  it('never opens when e-mail is not required', () => {
    const result = voice({
      ...visitor,
      requireEmail: false,
      anonymousUsed: 500,
      usage: usageOf({ anonymous: true, permissions: { can_make_call: false } }),
    });
    expect(result).toEqual(none);
  });

  it('exempts creators and contributors from call limits', () => {
    const usage = usageOf({ usage: { voice_seconds: 900 }, quota: { voice_seconds: 600 } });
    expect(voice({ ...member, usage, relationshipType: 'CREATOR' }).open).toBe(false);
    expect(voice({ ...member, usage, relationshipType: 'CONTRIBUTOR' }).open).toBe(false);
    expect(voice({ ...member, usage, relationshipType: 'FOLLOWER' }).open).toBe(true);
    // Without an explicit relationship, the usage answer's applies.
    const owned = usageOf({
      usage: { voice_seconds: 900 },
      quota: { voice_seconds: 600 },
      relationship: 'CREATOR',
    });
    expect(voice({ ...member, usage: owned })).toEqual(none);
  });

  it('ignores a usage answer from the other side of a sign-in (stale)', () => {
    const signedInUsage = usageOf({ permissions: { can_make_call: false } });
    expect(voice({ ...visitor, usage: signedInUsage }).open).toBe(false);
    const anonymousUsage = usageOf({ anonymous: true, permissions: { can_make_call: false } });
    expect(voice({ ...member, usage: anonymousUsage }).open).toBe(false);
  });
});

describe('paywallTriggers for video (spec/calls.md §5 "Video blocked when…")', () => {
  const video = (input: PaywallTriggerInput) => paywallTriggers('video_seconds', input);

  it('fires when can_make_video_call is false or the video seconds are used', () => {
    expect(video(member)).toEqual(none);
    expect(video({ ...member, usage: usageOf({ permissions: { can_make_video_call: false } }) })).toEqual({
      ...none,
      permissionRefused: true,
      open: true,
    });
    expect(video({ ...member, usage: usageOf({ usage: { video_seconds: 300 } }) }).quotaReached).toBe(true);
    expect(video({ ...member, usage: usageOf({ usage: { video_seconds: 299 } }) }).open).toBe(false);
  });

  it('reads only its own resource', () => {
    const voiceSpent = usageOf({ usage: { voice_seconds: 600 }, permissions: { can_make_call: false } });
    expect(video({ ...member, usage: voiceSpent })).toEqual(none);
    expect(voice({ ...member, usage: usageOf({ usage: { video_seconds: 300 } }) })).toEqual(none);
  });

  it('stays closed with overage or quota -1', () => {
    expect(video({ ...member, usage: usageOf({ usage: { video_seconds: 900 }, overage: true }) }).open).toBe(
      false,
    );
    expect(
      video({ ...member, usage: usageOf({ usage: { video_seconds: 900 }, quota: { video_seconds: -1 } }) })
        .open,
    ).toBe(false);
  });

  it('fires for a visitor at the anonymous video seconds', () => {
    expect(video({ ...visitor, anonymousQuota: 60, anonymousUsed: 60 }).anonymousLimitReached).toBe(true);
  });
});

describe('paywallTriggers for messages (spec/chat.md §6)', () => {
  const text = (input: PaywallTriggerInput) => paywallTriggers('messages', input);
  const textVisitor = { ...visitor, anonymousQuota: 10 };

  it('fires at the anonymous message quota and at the signed-in quota', () => {
    expect(text({ ...textVisitor, anonymousUsed: 9 }).open).toBe(false);
    expect(text({ ...textVisitor, anonymousUsed: 10 })).toEqual({
      ...none,
      anonymousLimitReached: true,
      open: true,
    });
    expect(text({ ...member, usage: usageOf({ usage: { messages: 50 } }) })).toEqual({
      ...none,
      quotaReached: true,
      open: true,
    });
  });

  it('has no dialog for visitors in whitelabel mode or during capture, but reports the trigger', () => {
    const at = { ...textVisitor, anonymousUsed: 10 };
    expect(text({ ...at, whitelabel: true })).toEqual({ ...none, anonymousLimitReached: true });
    expect(text({ ...at, captureActive: true })).toEqual({ ...none, anonymousLimitReached: true });
    const refused = {
      ...member,
      usage: usageOf({ permissions: { can_send_message: false } }),
      whitelabel: true,
    };
    expect(text(refused).open).toBe(true);
  });
});

describe('paywallTriggers, every resource', () => {
  const resources: MeteredResource[] = ['messages', 'voice_seconds', 'video_seconds'];
  it.each(resources)('%s: nothing without e-mail required, even with every trigger met', (resource) => {
    const usage = usageOf({
      usage: { messages: 99, voice_seconds: 9999, video_seconds: 9999 },
      permissions: { can_send_message: false, can_make_call: false, can_make_video_call: false },
    });
    expect(paywallTriggers(resource, { ...member, requireEmail: false, usage })).toEqual(none);
    expect(paywallTriggers(resource, { ...member, usage }).open).toBe(true);
  });
});
