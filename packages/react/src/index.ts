/** @module `@doppel/react`: `<DoppelEmbed />` and `useDoppel()` over `@doppel/embed` (same version). */
export type {
  DoppelEvent,
  DoppelEventName,
  DoppelHandler,
  DoppelMode,
  DoppelOptions,
  DoppelWidget,
} from '@doppel/embed';
export { DoppelEmbed, type DoppelEmbedProps } from './doppel-embed.js';
export { type UseDoppel, useDoppel } from './use-doppel.js';
