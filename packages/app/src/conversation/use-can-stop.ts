import { STOP_GUARD_MS } from '@doppel/protocol';
import { useEffect, useState } from 'react';
import type { ChatStore } from '../chat/chat-store';

/**
 * Whether the stop button may cancel; re-renders once the 1 s guard (spec/chat.md §4) has passed.
 * A timer may fire a millisecond before the clock says the guard is over: it is armed again
 * until the store agrees, so the button never stays disabled for good.
 */
export function useCanStop(store: ChatStore): boolean {
  const startedAt = store.sendStartedAt.value;
  const [tick, setTick] = useState(0);
  const can = startedAt !== null && store.cancellable();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` re-arms the timer after an early fire.
  useEffect(() => {
    if (startedAt === null || can) return;
    const wait = Math.max(1, startedAt + STOP_GUARD_MS - Date.now() + 1);
    const timer = setTimeout(() => setTick((n) => n + 1), wait);
    return () => clearTimeout(timer);
  }, [startedAt, can, tick]);
  return can;
}
