/**
 * @module Where the draggable self-view comes to rest (spec/calls.md §2, §9): the corner nearest
 * to where it was dropped, 40 px from the edges on a wide screen (640 px and wider; 320×192
 * there), 20 px across and 14 px down on a phone (96×156).
 */
import { VIDEO } from '@doppel/protocol';

export type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

export interface SelfViewBox {
  width: number;
  height: number;
  marginX: number;
  marginY: number;
}

/** The self-view's size and margins on a screen `viewportWidth` wide. */
export function selfViewBox(viewportWidth: number): SelfViewBox {
  if (viewportWidth >= VIDEO.selfViewWideFromPx)
    return {
      ...VIDEO.selfViewDesktop,
      marginX: VIDEO.selfViewMarginDesktop,
      marginY: VIDEO.selfViewMarginDesktop,
    };
  return {
    ...VIDEO.selfViewMobile,
    marginX: VIDEO.selfViewMarginMobile.x,
    marginY: VIDEO.selfViewMarginMobile.y,
  };
}

/** The corner nearest to the self-view's centre at (`x`, `y`) in an area `width`×`height`. */
export function nearestCorner(x: number, y: number, width: number, height: number): Corner {
  const vertical = y < height / 2 ? 'top' : 'bottom';
  const horizontal = x < width / 2 ? 'left' : 'right';
  return `${vertical}-${horizontal}`;
}

/** The self-view's top-left position in `corner` of an area `width`×`height`. */
export function cornerPosition(corner: Corner, box: SelfViewBox, width: number, height: number) {
  return {
    left: corner.endsWith('left') ? box.marginX : width - box.width - box.marginX,
    top: corner.startsWith('top') ? box.marginY : height - box.height - box.marginY,
  };
}
