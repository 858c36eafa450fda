import { STREAM_IDLE_TIMEOUT_MS } from '@doppel/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleTimer } from './create-idle-timer';

const timers = () => ({
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle),
});

describe('createIdleTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires after the spec timeout of 30 s by default', () => {
    const onIdle = vi.fn();
    const timer = createIdleTimer({ ...timers(), onIdle });
    vi.advanceTimersByTime(STREAM_IDLE_TIMEOUT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    expect(timer.done).toBe(true);
  });

  it('restarts the silence on every touch', () => {
    const onIdle = vi.fn();
    const timer = createIdleTimer({ ...timers(), timeoutMs: 100, onIdle });
    for (let i = 0; i < 5; i += 1) {
      vi.advanceTimersByTime(99);
      timer.touch();
    }
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('fires only once', () => {
    const onIdle = vi.fn();
    const timer = createIdleTimer({ ...timers(), timeoutMs: 100, onIdle });
    vi.advanceTimersByTime(100);
    timer.touch();
    vi.advanceTimersByTime(1_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('never fires after stop, even when touched', () => {
    const onIdle = vi.fn();
    const timer = createIdleTimer({ ...timers(), timeoutMs: 100, onIdle });
    vi.advanceTimersByTime(50);
    timer.stop();
    timer.touch();
    vi.advanceTimersByTime(1_000);
    expect(onIdle).not.toHaveBeenCalled();
    expect(timer.done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps one pending timer at a time', () => {
    const timer = createIdleTimer({ ...timers(), timeoutMs: 100, onIdle: () => {} });
    timer.touch();
    timer.touch();
    expect(vi.getTimerCount()).toBe(1);
    timer.stop();
    timer.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('works with hand-rolled timer functions', () => {
    const pending = new Map<number, () => void>();
    let next = 0;
    const onIdle = vi.fn();
    const timer = createIdleTimer({
      setTimeout: (fn) => {
        next += 1;
        pending.set(next, fn);
        return next;
      },
      clearTimeout: (id) => pending.delete(id),
      onIdle,
    });
    timer.touch();
    expect([...pending.keys()]).toEqual([2]);
    pending.get(2)?.();
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('is not started by a stale callback after stop', () => {
    const pending: Array<() => void> = [];
    const onIdle = vi.fn();
    const timer = createIdleTimer({
      setTimeout: (fn) => pending.push(fn),
      clearTimeout: () => {},
      onIdle,
    });
    timer.stop();
    for (const fn of pending) fn();
    expect(onIdle).not.toHaveBeenCalled();
  });
});
