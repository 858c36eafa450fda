import { STREAM_IDLE_TIMEOUT_MS } from '@doppel/protocol';

/** The timer functions the watchdog uses; pass the globals, or fakes in tests. */
export interface TimerFunctions<H> {
  setTimeout: (callback: () => void, ms: number) => H;
  clearTimeout: (handle: H) => void;
}

export interface IdleTimerOptions<H> extends TimerFunctions<H> {
  /** Silence allowed before `onIdle`; defaults to the spec's 30 s. */
  timeoutMs?: number;
  /** Called once, when nothing touched the timer for `timeoutMs`. */
  onIdle: () => void;
}

export interface IdleTimer {
  /** Something arrived (a token, a keep-alive): the silence starts again. */
  touch(): void;
  /** The stream ended: disarm for good; later touches do nothing. */
  stop(): void;
  /** True once stopped or fired. */
  readonly done: boolean;
}

/**
 * A stream-idle watchdog: armed at creation, re-armed by every `touch()`, calls `onIdle` once
 * if `timeoutMs` passes without one, and stays disarmed after firing or `stop()`.
 * Why: spec/chat.md §7 / §9 — an idle stream for 30 s ends with an error.
 */
export function createIdleTimer<H>(options: IdleTimerOptions<H>): IdleTimer {
  const timeoutMs = options.timeoutMs ?? STREAM_IDLE_TIMEOUT_MS;
  let handle: { value: H } | null = null;
  let done = false;

  const clear = (): void => {
    if (handle) options.clearTimeout(handle.value);
    handle = null;
  };
  const arm = (): void => {
    clear();
    handle = {
      value: options.setTimeout(() => {
        if (done) return;
        handle = null;
        done = true;
        options.onIdle();
      }, timeoutMs),
    };
  };

  arm();
  return {
    touch() {
      if (!done) arm();
    },
    stop() {
      done = true;
      clear();
    },
    get done() {
      return done;
    },
  };
}
