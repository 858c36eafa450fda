/**
 * @module The iframe half of the embed bridge (docs/embed-lifecycle.md, "What the iframe side
 * needs to do"), framework-neutral: `hello` to the parent at the `parent` query origin, then
 * only messages from that parent window and origin that parse as `EmbedHostMessage`; the
 * widget's id, mode, prefill and open state from `welcome` (a signal); the chat's events back to the host.
 * Nothing is ever posted to `"*"`, and nothing at all without a parent and a `parent` origin.
 */
import {
  EMBED_NAMESPACE,
  EMBED_PROTOCOL_VERSION,
  type EmbedFrameMessage,
  EmbedHostMessage,
  type EmbedMode,
} from '@doppel/protocol';
import { type ReadonlySignal, signal } from '@preact/signals-core';

type FrameType = EmbedFrameMessage['type'];
/** The payload a frame message of type `T` carries. */
export type FramePayload<T extends FrameType> = Extract<EmbedFrameMessage, { type: T }>['payload'];

/** What the bridge knows of its host; `welcomed` false until the first `welcome`. */
export interface BridgeState {
  welcomed: boolean;
  /** The widget id from `welcome` ('' before), echoed in every later message. */
  id: string;
  mode: EmbedMode | null;
  /** The embed configuration id the host gave (`welcome.config`). */
  config: string | null;
  /** Whether the host shows the chat (inline and fullpage always; a bubble when open). */
  open: boolean;
  /** A starting message to send once the chat is shown; taken with `takePrefill`. */
  prefill: string | null;
}

/** The window the bridge runs in: only what it uses, so tests can hand it a fake parent. */
export interface BridgeWindow {
  parent: { postMessage(message: unknown, targetOrigin: string): void } | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface EmbedBridgeOptions {
  /** This iframe's window; its `parent` is the host page. */
  window: BridgeWindow;
  /** The `parent` query: the host page's origin (null when absent). */
  parentOrigin: string | null;
  /** The ResizeObserver constructor (absent in old browsers and some tests: no `resize` then). */
  ResizeObserver?: typeof ResizeObserver | undefined;
}

export interface EmbedBridge {
  /** Whether there is a host to talk to at all (a parent window and a valid `parent` origin). */
  readonly connected: boolean;
  /** What the bridge knows of its host, as a signal (the chat renders it). */
  readonly state: ReadonlySignal<BridgeState>;
  /**
   * Posts a frame message to the host, with the widget id. Before `welcome` it waits (only
   * `hello` goes out without an id), so every event carries the id the host gave.
   */
  send<T extends Exclude<FrameType, 'hello'>>(type: T, payload?: FramePayload<T>): void;
  /** The prefill to send now (once), or null. */
  takePrefill(): string | null;
  /**
   * Posts `resize` whenever the measured height changes: `measure()`, or the first element's
   * height, re-read each time any of the elements changes size. Returns the stop function.
   */
  observeHeight(elements: Element | Element[], measure?: () => number): () => void;
  /** Stops listening; nothing is posted afterwards. */
  destroy(): void;
}

/**
 * The `parent` query as an origin the bridge may talk to: an http(s) origin exactly, else null
 * (a file:// or sandboxed host has the opaque origin "null" and is not answered).
 */
export function parentOriginFrom(raw: string | null): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin;
}

/** The tallest height the host accepts (exclusive), per EmbedFrameMessage's `resize`. */
const MAX_HEIGHT = 100_000;

/** Starts the bridge: says `hello` at once (when there is a host) and listens for its answers. */
export function createEmbedBridge(options: EmbedBridgeOptions): EmbedBridge {
  const win = options.window;
  const parentOrigin = parentOriginFrom(options.parentOrigin);
  const parent = win.parent && win.parent !== (win as unknown) ? win.parent : null;
  const connected = parent !== null && parentOrigin !== null;
  const state = signal<BridgeState>({
    welcomed: false,
    id: '',
    mode: null,
    config: null,
    open: false,
    prefill: null,
  });
  let waiting: { type: FrameType; payload: unknown }[] = [];
  let destroyed = false;
  const observers = new Set<ResizeObserver>();

  const set = (patch: Partial<BridgeState>): void => {
    state.value = { ...state.peek(), ...patch };
  };

  const post = (type: FrameType, payload: unknown): void => {
    if (!connected || destroyed || !parent || !parentOrigin) return;
    const message: Record<string, unknown> = {
      ns: EMBED_NAMESPACE,
      v: EMBED_PROTOCOL_VERSION,
      type,
      id: state.peek().id,
    };
    if (payload !== undefined) message.payload = payload;
    // Only ever to the parent we said hello to, at its origin: never "*".
    parent.postMessage(message, parentOrigin);
  };

  const onMessage = (event: MessageEvent): void => {
    if (destroyed || !connected) return;
    if (event.source !== (parent as unknown) || event.origin !== parentOrigin) return;
    const parsed = EmbedHostMessage.safeParse(event.data);
    if (!parsed.success) return;
    const message = parsed.data;
    switch (message.type) {
      case 'welcome': {
        const { mode, config, prefill, open } = message.payload;
        set({
          welcomed: true,
          id: message.id,
          mode,
          config: config ?? null,
          // Inline and fullpage widgets are shown from the start.
          open: open ?? mode !== 'bubble',
          prefill: prefill ?? state.peek().prefill,
        });
        const queued = waiting;
        waiting = [];
        for (const item of queued) post(item.type, item.payload);
        return;
      }
      case 'open':
        set({ open: true });
        return;
      case 'close':
        set({ open: false });
        return;
      case 'prefill':
        set({ prefill: message.payload.text });
        return;
    }
  };

  if (connected) {
    win.addEventListener('message', onMessage);
    post('hello', undefined);
  }

  const bridge: EmbedBridge = {
    connected,
    state,
    send(type, payload) {
      if (!connected || destroyed) return;
      if (!state.peek().welcomed) waiting.push({ type, payload });
      else post(type, payload);
    },
    takePrefill() {
      const text = state.peek().prefill;
      if (text !== null) set({ prefill: null });
      return text;
    },
    observeHeight(elements, measure) {
      const Observer = options.ResizeObserver;
      const list = Array.isArray(elements) ? elements : [elements];
      const first = list[0];
      if (!connected || !Observer || !first) return () => undefined;
      let last = -1;
      const report = (): void => {
        const height = Math.ceil(measure ? measure() : first.getBoundingClientRect().height);
        if (!Number.isFinite(height) || height === last) return;
        last = height;
        bridge.send('resize', { height: Math.min(Math.max(height, 0), MAX_HEIGHT - 1) });
      };
      const observer = new Observer(report);
      for (const element of list) observer.observe(element);
      observers.add(observer);
      return () => {
        observer.disconnect();
        observers.delete(observer);
      };
    },
    destroy() {
      destroyed = true;
      win.removeEventListener('message', onMessage);
      for (const observer of observers) observer.disconnect();
      observers.clear();
      waiting = [];
    },
  };
  return bridge;
}
