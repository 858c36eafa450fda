/** How close to the bottom (px) still counts as "at the bottom" for auto-scroll. */
export const SCROLL_LOCK_THRESHOLD_PX = 80;

/**
 * Whether a new message should scroll the list to the bottom: true while the reader is within
 * `threshold` px of the bottom, false once they scrolled further up (the lock).
 * Why: spec/chat.md §4 (scrolling) — auto-scroll to the newest message unless the user
 * scrolled up. The threshold absorbs sub-pixel scroll positions and a partly streamed line.
 */
export function shouldAutoScroll(view: {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
  threshold?: number;
}): boolean {
  const threshold = view.threshold ?? SCROLL_LOCK_THRESHOLD_PX;
  return view.scrollHeight - view.scrollTop - view.clientHeight <= threshold;
}
