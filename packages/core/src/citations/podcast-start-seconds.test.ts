import { describe, expect, it } from 'vitest';
import { podcastStartSeconds } from './podcast-start-seconds';

describe('podcastStartSeconds', () => {
  it('divides by 1000 and rounds', () => {
    expect(podcastStartSeconds(0)).toBe(0);
    expect(podcastStartSeconds(1_499)).toBe(1);
    expect(podcastStartSeconds(1_500)).toBe(2);
    expect(podcastStartSeconds(3_723_000)).toBe(3_723);
  });

  it('starts at 0 without a timestamp or with a negative one', () => {
    expect(podcastStartSeconds(null)).toBe(0);
    expect(podcastStartSeconds(undefined)).toBe(0);
    expect(podcastStartSeconds(-10)).toBe(0);
  });
});
