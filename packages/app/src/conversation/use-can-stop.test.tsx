import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChatStore } from '../chat/chat-store';
import { conversation } from '../test/fixtures';
import { useCanStop } from './use-can-stop';

describe('useCanStop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets the stop button cancel after the guard, even when the timer fires before the store’s clock agrees', async () => {
    // The store's clock runs 1 ms behind the timers' (a timer may fire a little early).
    let lag = 0;
    const store = createChatStore({
      slug: 'demo',
      now: () => Date.now() - lag,
      api: {
        createConversation: async () => conversation(),
        fetchConversation: async () => ({ ...conversation(), messages: [] }),
      },
      // An answer that never ends: the send stays in flight.
      transport: { send: () => new Promise<void>(() => undefined) },
    });
    await act(async () => {
      await store.load('conv-1');
    });
    void store.send('Tell me a story');
    lag = 1;
    const { result } = renderHook(() => useCanStop(store));
    expect(result.current).toBe(false);
    // The guard's timer fires at 1,000 ms; by the store's clock it is 999: not yet.
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current).toBe(false);
    // The hook looks again and lets it cancel.
    await act(async () => {
      vi.advanceTimersByTime(5);
    });
    expect(result.current).toBe(true);
  });
});
