import { describe, expect, it } from 'vitest';
import { Usage } from './usage';

const amounts = (messages: number, voice: number, video: number) => ({
  messages,
  voice_seconds: voice,
  video_seconds: video,
});
const usage = {
  usage: amounts(3, 0, 0),
  quota: amounts(10, -1, 0),
  remaining: amounts(7, -1, 0),
  permissions: { can_send_message: true, can_make_call: true, can_make_video_call: false },
  billing: { is_overage_enabled: false },
  anonymous: true,
  relationship: null,
};

describe('Usage', () => {
  it('parses the usage answer with -1 for unlimited', () => {
    expect(Usage.parse(usage)).toEqual(usage);
    expect(Usage.parse({ ...usage, anonymous: false, relationship: 'FOLLOWER' }).relationship).toBe(
      'FOLLOWER',
    );
  });

  it('refuses amounts below -1, fractions and missing parts', () => {
    expect(Usage.safeParse({ ...usage, quota: amounts(-2, 0, 0) }).success).toBe(false);
    expect(Usage.safeParse({ ...usage, usage: amounts(1.5, 0, 0) }).success).toBe(false);
    expect(Usage.safeParse({ ...usage, billing: {} }).success).toBe(false);
  });
});
