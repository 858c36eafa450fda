import { STOP_GUARD_MS } from '@doppel/protocol';
import { useEffect, useState } from 'react';
import type { ChatStore } from '../chat/chat-store';

/** Whether the stop button may cancel; re-renders once the 1 s guard (spec/chat.md §4) has passed. */
export function useCanStop(store: ChatStore): boolean {
  const startedAt = store.sendStartedAt.value;
  const [, setTick] = useState(0);
  useEffect(() => {
    if (startedAt === null) return;
    const wait = Math.max(0, startedAt + STOP_GUARD_MS - Date.now());
    const timer = setTimeout(() => setTick((n) => n + 1), wait);
    return () => clearTimeout(timer);
  }, [startedAt]);
  return startedAt !== null && store.cancellable();
}
