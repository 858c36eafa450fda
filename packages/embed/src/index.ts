/**
 * @module `@doppel/embed` as an ES module: the same host API as `window.Doppel`, without
 * the script tag's auto-start, with the iframe side linked in. Safe to import during server
 * rendering (nothing here touches `window` until `init` runs).
 */
import { provide } from './core';
import { attach } from './frame';

provide(attach);

export { close, destroy, init, off, on, open, prefill, toggle, version } from './core';
export type {
  DoppelEvent,
  DoppelEventName,
  DoppelHandler,
  DoppelMode,
  DoppelOptions,
  DoppelWidget,
} from './types';
