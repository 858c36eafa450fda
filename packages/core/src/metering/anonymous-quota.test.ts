import { describe, expect, it } from 'vitest';
import { anonymousQuota } from './anonymous-quota';

describe('anonymousQuota', () => {
  const quota = { messages: 10, voice_minutes: 3, video_minutes: -1 };
  it('takes messages as they are and minutes as seconds', () => {
    expect(anonymousQuota(quota, 'messages')).toBe(10);
    expect(anonymousQuota(quota, 'voice_seconds')).toBe(180);
    expect(anonymousQuota(quota, 'video_seconds')).toBe(-1);
    expect(anonymousQuota({ messages: -1, voice_minutes: 0, video_minutes: 2 }, 'messages')).toBe(-1);
    expect(anonymousQuota({ messages: -1, voice_minutes: 0, video_minutes: 2 }, 'video_seconds')).toBe(120);
  });

  it('takes a fraction of a minute to the second', () => {
    expect(anonymousQuota({ messages: 1, voice_minutes: 0.1, video_minutes: 1.5 }, 'voice_seconds')).toBe(6);
    expect(anonymousQuota({ messages: 1, voice_minutes: 0.1, video_minutes: 1.5 }, 'video_seconds')).toBe(90);
  });
});
