import { describe, expect, it } from 'vitest';
import { usageOf } from '../../test/fixtures';
import { canUse } from './can-use';

describe('canUse', () => {
  it('allows a message while usage is below the quota', () => {
    expect(canUse(usageOf({ usage: { messages: 49 }, quota: { messages: 50 } }), 'messages')).toBe(true);
  });

  it('refuses messages at and above the quota without overage', () => {
    expect(canUse(usageOf({ usage: { messages: 50 }, quota: { messages: 50 } }), 'messages')).toBe(false);
    expect(canUse(usageOf({ usage: { messages: 51 }, quota: { messages: 50 } }), 'messages')).toBe(false);
    expect(canUse(usageOf({ usage: { messages: 0 }, quota: { messages: 0 } }), 'messages')).toBe(false);
  });

  it('allows over the quota with overage, and always with quota -1', () => {
    expect(
      canUse(usageOf({ usage: { messages: 80 }, quota: { messages: 50 }, overage: true }), 'messages'),
    ).toBe(true);
    expect(canUse(usageOf({ usage: { messages: 80 }, quota: { messages: -1 } }), 'messages')).toBe(true);
  });

  it('refuses whenever the server says can_send_message false', () => {
    expect(canUse(usageOf({ permissions: { can_send_message: false } }), 'messages')).toBe(false);
    expect(
      canUse(
        usageOf({ permissions: { can_send_message: false }, quota: { messages: -1 }, overage: true }),
        'messages',
      ),
    ).toBe(false);
  });

  it('reads voice seconds and can_make_call for a voice call', () => {
    const below = usageOf({ usage: { voice_seconds: 599 }, quota: { voice_seconds: 600 } });
    const at = usageOf({ usage: { voice_seconds: 600 }, quota: { voice_seconds: 600 } });
    expect(canUse(below, 'voice_seconds')).toBe(true);
    expect(canUse(at, 'voice_seconds')).toBe(false);
    expect(
      canUse(
        usageOf({ usage: { voice_seconds: 900 }, quota: { voice_seconds: 600 }, overage: true }),
        'voice_seconds',
      ),
    ).toBe(true);
    expect(canUse(usageOf({ permissions: { can_make_call: false } }), 'voice_seconds')).toBe(false);
    // Another resource's state does not matter.
    expect(canUse(usageOf({ permissions: { can_make_call: false } }), 'messages')).toBe(true);
    expect(canUse(at, 'video_seconds')).toBe(true);
  });

  it('reads video seconds and can_make_video_call for a video call', () => {
    expect(canUse(usageOf({ usage: { video_seconds: 299 } }), 'video_seconds')).toBe(true);
    expect(canUse(usageOf({ usage: { video_seconds: 300 } }), 'video_seconds')).toBe(false);
    expect(
      canUse(usageOf({ usage: { video_seconds: 9e5 }, quota: { video_seconds: -1 } }), 'video_seconds'),
    ).toBe(true);
    expect(canUse(usageOf({ permissions: { can_make_video_call: false } }), 'video_seconds')).toBe(false);
  });
});
