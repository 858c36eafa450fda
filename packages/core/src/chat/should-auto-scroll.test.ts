import { describe, expect, it } from 'vitest';
import { SCROLL_LOCK_THRESHOLD_PX, shouldAutoScroll } from './should-auto-scroll';

describe('shouldAutoScroll', () => {
  it('scrolls when at the bottom', () => {
    expect(shouldAutoScroll({ scrollTop: 1_400, scrollHeight: 2_000, clientHeight: 600 })).toBe(true);
  });

  it('scrolls when content fits without scrolling', () => {
    expect(shouldAutoScroll({ scrollTop: 0, scrollHeight: 500, clientHeight: 600 })).toBe(true);
  });

  it('scrolls within the threshold and locks past it', () => {
    expect(SCROLL_LOCK_THRESHOLD_PX).toBe(80);
    expect(shouldAutoScroll({ scrollTop: 1_320, scrollHeight: 2_000, clientHeight: 600 })).toBe(true);
    expect(shouldAutoScroll({ scrollTop: 1_319, scrollHeight: 2_000, clientHeight: 600 })).toBe(false);
    expect(shouldAutoScroll({ scrollTop: 0, scrollHeight: 2_000, clientHeight: 600 })).toBe(false);
  });

  it('tolerates sub-pixel positions', () => {
    expect(
      shouldAutoScroll({ scrollTop: 1_399.5, scrollHeight: 2_000, clientHeight: 600, threshold: 0 }),
    ).toBe(false);
    expect(
      shouldAutoScroll({ scrollTop: 1_399.5, scrollHeight: 2_000, clientHeight: 600, threshold: 1 }),
    ).toBe(true);
  });

  it('takes a custom threshold', () => {
    expect(
      shouldAutoScroll({ scrollTop: 1_200, scrollHeight: 2_000, clientHeight: 600, threshold: 200 }),
    ).toBe(true);
    expect(
      shouldAutoScroll({ scrollTop: 1_200, scrollHeight: 2_000, clientHeight: 600, threshold: 199 }),
    ).toBe(false);
  });
});
