/**
 * @module `useDoppel`: a widget of `@doppel/embed` for the lifetime of a component. Nothing
 * touches `window` until the effect runs, so it renders on a server as nothing at all.
 */
import {
  close as closeAll,
  type DoppelEvent,
  type DoppelHandler,
  type DoppelOptions,
  type DoppelWidget,
  events,
  init,
  off,
  on,
  open as openAll,
  prefill as prefillAll,
  toggle as toggleAll,
} from '@doppel/embed';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface UseDoppel {
  /** Inline mode without `target`: give this to the element the chat should fill. */
  ref: (element: HTMLElement | null) => void;
  /** The widget, once created (after the first effect). */
  widget: DoppelWidget | null;
  /** Whether the chat is shown. */
  isOpen: boolean;
  open(): void;
  close(): void;
  toggle(): void;
  /** A starting message, sent when the chat is next shown. */
  prefill(text: string): void;
}

/** The options that make a different widget (a change re-creates it); `prefill` is sent instead. */
function identity(options: DoppelOptions): string {
  const { prefill: _, target, ...rest } = options;
  return JSON.stringify({ ...rest, target: typeof target === 'string' ? target : undefined });
}

/**
 * Creates a widget with `options` (none: controls every widget on the page instead), destroys
 * it on unmount, and hands each of its events to `onEvent`.
 */
export function useDoppel(options?: DoppelOptions | null, onEvent?: DoppelHandler): UseDoppel {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [widget, setWidget] = useState<DoppelWidget | null>(null);
  const [isOpen, setOpen] = useState(false);
  const handler = useRef(onEvent);
  const optionsRef = useRef(options);
  const current = useRef<DoppelWidget | null>(null);
  // Before the widget effect below, every commit: the latest handler and options.
  useEffect(() => {
    handler.current = onEvent;
    optionsRef.current = options;
  });

  const key = options ? identity(options) : null;
  const element = options?.target && typeof options.target !== 'string' ? options.target : null;
  const needsContainer = options?.mode === 'inline' && !options.target;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the widget is re-created exactly when what makes it (key, element, container) changes; the latest options are read from optionsRef.
  useEffect(() => {
    const hear = (event: DoppelEvent) => {
      if (event.type === 'open' || event.type === 'close') setOpen(event.type === 'open');
      handler.current?.(event);
    };
    const o = optionsRef.current;
    if (!o) {
      // No widget of our own: page-wide controls, and every widget's events.
      for (const name of events) on(name, hear);
      return () => {
        for (const name of events) off(name, hear);
      };
    }
    if (needsContainer && !container) return;
    const created = init({ ...o, target: needsContainer ? (container ?? undefined) : o.target });
    for (const name of events) created.on(name, hear);
    current.current = created;
    setWidget(created);
    setOpen(created.isOpen);
    return () => {
      created.destroy();
      current.current = null;
      setWidget(null);
      setOpen(false);
    };
  }, [key, element, needsContainer, container]);

  const text = options?.prefill;
  useEffect(() => {
    if (widget && text) widget.prefill(text);
  }, [widget, text]);

  const own = options != null;
  return {
    ref: setContainer,
    widget,
    isOpen,
    open: useCallback(() => (own ? current.current?.open() : openAll()), [own]),
    close: useCallback(() => (own ? current.current?.close() : closeAll()), [own]),
    toggle: useCallback(() => (own ? current.current?.toggle() : toggleAll()), [own]),
    prefill: useCallback((t: string) => (own ? current.current?.prefill(t) : prefillAll(t)), [own]),
  };
}
