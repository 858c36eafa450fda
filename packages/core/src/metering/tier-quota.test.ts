import { describe, expect, it } from 'vitest';
import { membershipOf } from '../../test/fixtures';
import { tierQuota } from './tier-quota';

describe('tierQuota', () => {
  it('gives the monthly messages, unlimited for -1 and above 99,999', () => {
    expect(tierQuota(membershipOf({ includedMessagesPerMonth: 500 }), 'messages')).toBe(500);
    expect(tierQuota(membershipOf({ includedMessagesPerMonth: 0 }), 'messages')).toBe(0);
    expect(tierQuota(membershipOf({ includedMessagesPerMonth: 99_999 }), 'messages')).toBe(99_999);
    expect(tierQuota(membershipOf({ includedMessagesPerMonth: 100_000 }), 'messages')).toBe(-1);
    expect(tierQuota(membershipOf({ includedMessagesPerMonth: -1 }), 'messages')).toBe(-1);
  });

  it('gives voice and video minutes × 60 when the medium is enabled', () => {
    const tier = membershipOf({
      voiceEnabled: true,
      includedMinutesPerMonth: 60,
      videoEnabled: true,
      includedVideoMinutesPerMonth: -1,
    });
    expect(tierQuota(tier, 'voice_seconds')).toBe(3600);
    expect(tierQuota(tier, 'video_seconds')).toBe(-1);
  });

  it('gives 0 seconds when the medium is off, whatever the minutes', () => {
    const tier = membershipOf({ includedMinutesPerMonth: 60, includedVideoMinutesPerMonth: -1 });
    expect(tierQuota(tier, 'voice_seconds')).toBe(0);
    expect(tierQuota(tier, 'video_seconds')).toBe(0);
  });

  it('keeps minutes above 99,999 as seconds (the 99,999 rule is for messages)', () => {
    expect(
      tierQuota(membershipOf({ voiceEnabled: true, includedMinutesPerMonth: 100_000 }), 'voice_seconds'),
    ).toBe(6_000_000);
  });
});
