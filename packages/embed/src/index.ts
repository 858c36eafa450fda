/**
 * @module `@doppel/embed` as an ES module: the same host API as `window.Doppel`, without
 * the script tag's auto-start, with the iframe side linked in. Safe to import during server
 * rendering (nothing here touches `window` until `init` runs).
 */
import { provide } from './core.js';
import { attach } from './frame.js';
import type { DoppelEventName } from './types.js';

provide(attach);

export { close, destroy, init, off, on, open, prefill, toggle, version } from './core.js';

/** Every event a host page can listen to (handy to subscribe to all of them). */
export const events: readonly DoppelEventName[] = [
  'ready',
  'open',
  'close',
  'message-sent',
  'message-received',
  'conversation-started',
  'text-exhausted',
  'voice-exhausted',
];
export type {
  DoppelEvent,
  DoppelEventName,
  DoppelHandler,
  DoppelMode,
  DoppelOptions,
  DoppelWidget,
} from './types.js';
