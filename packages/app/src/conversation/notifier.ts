/** @module How the conversation controller speaks to the visitor (toasts on screen, a list in tests). */

/** The spec's toasts (spec/chat.md §8), without saying how they are shown. */
export interface Notifier {
  info(title: string): void;
  warning(title: string): void;
  error(title: string, description?: string): void;
}
