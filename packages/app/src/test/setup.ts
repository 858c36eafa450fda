import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

const hasDom = typeof window !== 'undefined';

// Lazily loaded dialogs are compiled on first use; on a busy two-core machine that can take
// longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 3_000 });

afterEach(() => {
  if (hasDom) {
    toast.dismiss();
    cleanup();
    localStorage.clear();
  }
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// jsdom lacks these; the chat calls them when it scrolls and when it measures the viewport.
if (hasDom && !Element.prototype.scrollTo) {
  Element.prototype.scrollTo = function scrollTo(this: Element, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options?.top !== undefined) this.scrollTop = options.top;
  } as Element['scrollTo'];
}
if (hasDom && !Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
if (hasDom && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
// jsdom has no PointerEvent (Radix's menu opens on pointerdown with button 0) and no
// ResizeObserver (Radix measures its menu); browsers have both.
if (hasDom && !window.PointerEvent) {
  class PointerEventShim extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  window.PointerEvent = PointerEventShim as unknown as typeof PointerEvent;
}
if (hasDom && !window.ResizeObserver) {
  window.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  } as unknown as typeof ResizeObserver;
}
