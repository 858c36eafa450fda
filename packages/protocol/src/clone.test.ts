import { describe, expect, it } from 'vitest';
import { AnonymousQuota } from './clone';

describe('AnonymousQuota', () => {
  it('takes call minutes as -1, whole minutes, or fractions down to the second', () => {
    expect(AnonymousQuota.parse({ voice_minutes: 0.1, video_minutes: -1 })).toMatchObject({
      voice_minutes: 0.1,
      video_minutes: -1,
    });
    expect(AnonymousQuota.parse({ voice_minutes: 2.5 }).voice_minutes).toBe(2.5);
    for (const bad of [0.001, -0.5, -2, Number.NaN]) {
      expect(AnonymousQuota.safeParse({ voice_minutes: bad }).success, String(bad)).toBe(false);
    }
    // Messages stay whole.
    expect(AnonymousQuota.safeParse({ messages: 1.5 }).success).toBe(false);
  });
});
