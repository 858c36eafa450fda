import { describe, expect, it } from 'vitest';
import { cornerPosition, nearestCorner, selfViewBox } from './snap-corner';

describe('the self-view snaps to the nearest corner', () => {
  it('is 320×192 with 40 px margins from 640 px wide, 96×156 with 20/14 px below', () => {
    expect(selfViewBox(640)).toEqual({ width: 320, height: 192, marginX: 40, marginY: 40 });
    expect(selfViewBox(639)).toEqual({ width: 96, height: 156, marginX: 20, marginY: 14 });
  });

  it('finds the corner nearest to where it was dropped', () => {
    expect(nearestCorner(100, 100, 1280, 720)).toBe('top-left');
    expect(nearestCorner(700, 100, 1280, 720)).toBe('top-right');
    expect(nearestCorner(100, 500, 1280, 720)).toBe('bottom-left');
    expect(nearestCorner(1200, 700, 1280, 720)).toBe('bottom-right');
  });

  it('rests at the margins of that corner', () => {
    expect(cornerPosition('bottom-right', selfViewBox(1280), 1280, 720)).toEqual({ left: 920, top: 488 });
    expect(cornerPosition('top-left', selfViewBox(375), 375, 667)).toEqual({ left: 20, top: 14 });
    expect(cornerPosition('bottom-right', selfViewBox(375), 375, 667)).toEqual({ left: 259, top: 497 });
  });
});
