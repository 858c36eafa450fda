import { describe, expect, it } from 'vitest';
import { usageOf } from '../../test/fixtures';
import { meterOf } from './meter-of';

describe('meterOf', () => {
  it("reads one resource's quota and usage, and the overage flag", () => {
    const usage = usageOf({
      usage: { messages: 3, voice_seconds: 40, video_seconds: 5 },
      quota: { messages: 10, voice_seconds: 600, video_seconds: -1 },
      overage: true,
    });
    expect(meterOf(usage, 'messages')).toEqual({ quota: 10, used: 3, overage: true });
    expect(meterOf(usage, 'voice_seconds')).toEqual({ quota: 600, used: 40, overage: true });
    expect(meterOf(usage, 'video_seconds')).toEqual({ quota: -1, used: 5, overage: true });
  });
});
