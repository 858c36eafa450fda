import { describe, expect, it } from 'vitest';
import { usageOf } from '../../test/fixtures';
import { showRemaining } from './show-remaining';

describe('showRemaining', () => {
  it('never shows while usage is unknown, with overage, or for owners', () => {
    for (const resource of ['messages', 'voice_seconds', 'video_seconds'] as const) {
      expect(showRemaining(resource, null, true)).toBe(false);
      expect(showRemaining(resource, usageOf({ overage: true }), true)).toBe(false);
      expect(showRemaining(resource, usageOf({ relationship: 'CREATOR' }), true)).toBe(false);
      expect(showRemaining(resource, usageOf({ relationship: 'CONTRIBUTOR' }), true)).toBe(false);
      expect(showRemaining(resource, usageOf({ relationship: 'FOLLOWER' }), true)).toBe(true);
    }
  });

  it('hides the messages counter when e-mail is not required or the quota is -1', () => {
    expect(showRemaining('messages', usageOf(), true)).toBe(true);
    expect(showRemaining('messages', usageOf(), false)).toBe(false);
    expect(showRemaining('messages', usageOf({ quota: { messages: -1 } }), true)).toBe(false);
  });

  it("shows a call countdown at -1 (it reads 'Unlimited')", () => {
    expect(showRemaining('voice_seconds', usageOf({ quota: { voice_seconds: -1 } }), true)).toBe(true);
    expect(showRemaining('video_seconds', usageOf({ quota: { video_seconds: -1 } }), true)).toBe(true);
  });
});
