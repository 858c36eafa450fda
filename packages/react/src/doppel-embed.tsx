/** @module `<DoppelEmbed />`: a Doppel widget as a component; only loads the SDK and passes props. */
import type { DoppelHandler, DoppelOptions } from '@doppel/embed';
import type { CSSProperties } from 'react';
import { useDoppel } from './use-doppel.js';

export interface DoppelEmbedProps extends DoppelOptions {
  /** Every event of this widget (`ready`, `open`, `close`, `message-sent`, …, `text-exhausted`, `voice-exhausted`). */
  onEvent?: DoppelHandler;
  /** Inline mode without `target`: the container this component renders. */
  className?: string;
  style?: CSSProperties;
}

/**
 * Bubble and fullpage widgets render nothing here (they live on `document.body`); an inline
 * widget without `target` fills the `<div>` this component renders.
 */
export function DoppelEmbed({ onEvent, className, style, ...options }: DoppelEmbedProps) {
  const { ref } = useDoppel(options, onEvent);
  if (options.mode !== 'inline' || options.target) return null;
  return <div ref={ref} className={className} style={style} data-doppel-clone={options.clone} />;
}
