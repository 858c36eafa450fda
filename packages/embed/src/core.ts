/**
 * @module The host API before the first open (DESIGN §5): the registry of widgets, the
 * bubble's launcher, the handlers and how events reach the page. The iframe and its bridge
 * (`frame.ts`) join on first open: embed.js loads them as embed-frame.js, the ESM module
 * links them at once. Touches no browser global until called, so importing it during server
 * rendering is safe.
 *
 * Written for bytes: with the snippet it must fit in 2 KB gzipped (scripts/bench/embed-size.mjs).
 */
import { addStyle, icon, LAUNCHER_CSS } from './styles.js';
import type {
  DoppelEvent,
  DoppelEventName,
  DoppelHandler,
  DoppelMode,
  DoppelOptions,
  DoppelWidget,
} from './types.js';

/** What a widget hands its frame part. */
export interface FrameContext {
  o: DoppelOptions;
  id: string;
  /** The app's origin, normalised. */
  origin: string;
  mode: DoppelMode;
  /** Whether the chat is meant to be shown right now. */
  shown: () => boolean;
  /** Shows or hides the widget (the chat asked: `open`, `close`, `request-close`). */
  show: (open: boolean) => void;
  emit: (type: DoppelEventName, payload?: object) => void;
  /** The bubble's launcher (none with `launcher: false`). */
  button?: HTMLButtonElement;
}

/** The iframe side of one widget, once created. */
export interface FramePart {
  show(open: boolean): void;
  prefill(text: string): void;
  destroy(): void;
}

export type Attach = (context: FrameContext) => FramePart;

/** The package's version (lockstep with `@doppel/react`), set at build time. */
export const version: string = __VERSION__;

/** Set by embed.js from its script tag: the default app origin, the CSP nonce (for embed-frame.js), how to load the frame part. */
export const defaults: { origin?: string; nonce?: string; load?: () => void } = {};

const widgets: Record<string, DoppelWidget> = {};
/** Every handler: [event name, handler, widget id (none: every widget)]. */
let handlers: [string, DoppelHandler, string?][] = [];
/** Widgets waiting for the frame part. */
const waiting: (() => void)[] = [];
let attach: Attach | undefined;
/** Removes the launcher's stylesheet. */
let unstyle: (() => void) | undefined;
let count = 0;
/** Widgets alive: the launcher's style goes with the last. */
let live = 0;

/** The frame part has arrived: widgets waiting for it attach now. */
export function provide(fn: Attach): void {
  attach = fn;
  for (const go of waiting.splice(0)) go();
}

/** Listens to an event of every widget, or of widget `id`. */
export function on(name: DoppelEventName, handler: DoppelHandler, id?: string): void {
  handlers.push([name, handler, id]);
}

/** Stops a handler given to `on` with the same arguments. */
export function off(name: DoppelEventName, handler: DoppelHandler, id?: string): void {
  handlers = handlers.filter((h) => h[0] !== name || h[1] !== handler || h[2] !== id);
}

/** Hands a widget's event to the page: its handlers, and a `doppel:<name>` CustomEvent on `window`. */
function emit(id: string, type: DoppelEventName, payload?: object) {
  const event: DoppelEvent = { ...payload, type, id };
  for (const [name, fn, only] of handlers) {
    if (name === type && (!only || only === id)) {
      try {
        fn(event);
      } catch (e) {
        console.error(e);
      }
    }
  }
  dispatchEvent(new CustomEvent(`doppel:${type}`, { detail: event }));
}

/** Creates a widget; an existing widget with the same id is destroyed first. */
export function init(o: DoppelOptions): DoppelWidget {
  if (!o?.clone) throw Error('Doppel: no clone');
  const d = document;
  const w = window;
  const id = o.id || `doppel-${++count}`;
  const mode = o.mode === 'inline' || o.mode === 'fullpage' ? o.mode : 'bubble';
  /** Undo steps of listeners and timers; nodes go with `remove()`. */
  const undo: (() => void)[] = [];
  let part: FramePart | undefined;
  let button: HTMLButtonElement | undefined;
  let mounted = 0;
  let dead = 0;
  let shown = mode !== 'bubble';

  const context: FrameContext = {
    o,
    id,
    origin: new URL(o.origin || defaults.origin || location.origin).origin,
    mode,
    shown: () => shown,
    show: (open) => show(open),
    emit: (type, payload) => emit(id, type, payload),
  };

  widgets[id]?.destroy();
  unstyle ||= addStyle(LAUNCHER_CSS);

  const listen = (target: EventTarget, type: string, fn: () => void) => {
    target.addEventListener(type, fn);
    undo.push(() => target.removeEventListener(type, fn));
  };

  /** The frame part, once: on first open, or on idle with `preload`. */
  const create = () => {
    if (part || dead) return;
    if (attach) part = attach(context);
    else {
      waiting.push(create);
      defaults.load?.();
    }
  };

  const paint = () => {
    if (!button) return;
    button.setAttribute('aria-expanded', `${shown}`);
    button.setAttribute(
      'aria-label',
      shown ? 'Close chat' : o.name ? `Open chat with ${o.name}` : 'Open chat',
    );
    button.innerHTML = icon(shown);
  };

  /** Shows or hides the chat; before the page is ready it only records the wish. */
  const show = (open: boolean) => {
    if (dead || open === shown) return;
    shown = open;
    if (!mounted) return;
    paint();
    part ? part.show(open) : open && create();
    emit(id, open ? 'open' : 'close');
  };

  const mount = () => {
    if (dead) return;
    mounted = 1;
    if (mode === 'bubble') {
      // A host that opens the chat from its own button leaves the launcher out.
      if (o.launcher !== false) {
        button = context.button = d.createElement('button');
        button.className = 'doppel-launcher';
        button.onclick = () => show(!shown);
        paint();
        d.body.append(button);
      }
      if (o.preload) {
        // Safari has no requestIdleCallback: a timer stands in.
        const idle = w.requestIdleCallback as typeof requestIdleCallback | undefined;
        const handle = (idle || w.setTimeout)(create);
        undo.push(() => (idle ? cancelIdleCallback : clearTimeout)(handle));
      }
    }
    // Inline and fullpage show at once; a bubble opened before the page was ready opens now.
    if (shown) {
      shown = false;
      show(true);
    }
  };

  const widget: DoppelWidget = {
    id,
    get isOpen() {
      return shown;
    },
    open: () => show(true),
    close: () => show(false),
    toggle: () => show(!shown),
    prefill(text) {
      if (part) part.prefill(text);
      else o = context.o = { ...o, prefill: text };
    },
    on: (name, fn) => on(name, fn, id),
    off: (name, fn) => off(name, fn, id),
    destroy() {
      if (dead) return;
      dead = 1;
      for (const fn of undo) fn();
      button?.remove();
      part?.destroy();
      handlers = handlers.filter((h) => h[2] !== id);
      delete widgets[id];
      if (!--live) {
        unstyle!();
        unstyle = undefined;
      }
    },
  };

  widgets[id] = widget;
  live++;
  if (d.readyState === 'loading') listen(d, 'DOMContentLoaded', mount);
  else mount();
  return widget;
}

/** A command to widget `id`, or to every widget. */
const command =
  (name: 'open' | 'close' | 'toggle' | 'destroy') =>
  (id?: string): void => {
    for (const w of id ? [widgets[id]] : Object.values(widgets)) w?.[name]();
  };

/** Shows the chat of widget `id`, or of every widget. */
export const open = command('open');
/** Hides the chat of widget `id`, or of every widget. */
export const close = command('close');
/** Shows or hides the chat of widget `id`, or of every widget. */
export const toggle = command('toggle');
/** Removes widget `id`, or every widget, leaving nothing behind. */
export const destroy = command('destroy');
/** A starting message for widget `id` (or every widget), sent when its chat is next shown. */
export const prefill = (text: string, id?: string): void => {
  for (const w of id ? [widgets[id]] : Object.values(widgets)) w?.prefill(text);
};
