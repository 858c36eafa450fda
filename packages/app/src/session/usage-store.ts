/**
 * @module One clone's (and instance's) usage as signals: fetched when its pages load, after
 * each completed message and when the user changes; adjusted locally the moment an answer
 * completes (spec/chat.md §4 — "on completion ... usage counters are adjusted").
 */
import { remainingOf } from '@doppel/core';
import type { Usage } from '@doppel/protocol';
import { batch, type ReadonlySignal, signal } from '@preact/signals-core';

export interface UsageStoreOptions {
  slug: string;
  instanceSlug: string | null;
  /** Fetches the usage; calls `onRetry` before each retry of a failed try. */
  fetchUsage(slug: string, instanceSlug: string | null, onRetry: () => void): Promise<Usage>;
}

/** Creates the usage store of one clone (and instance). */
export function createUsageStore(options: UsageStoreOptions) {
  const usage = signal<Usage | null>(null);
  /**
   * True once the first try has answered or failed (retries go on behind it): unknown usage
   * never blocks a send, and the server enforces the quota anyway.
   */
  const settled = signal(false);
  let generation = 0;
  let inflight: Promise<void> | null = null;

  /** Fetches the usage; a newer call wins over an older one still running. */
  function refresh(): Promise<void> {
    const token = ++generation;
    const onRetry = (): void => {
      if (token === generation) settled.value = true;
    };
    const pending = options.fetchUsage(options.slug, options.instanceSlug, onRetry).then(
      (answer) => {
        if (token !== generation) return;
        batch(() => {
          usage.value = answer;
          settled.value = true;
        });
      },
      () => {
        if (token === generation) settled.value = true;
      },
    );
    inflight = pending.finally(() => {
      if (inflight === pending) inflight = null;
    });
    return pending;
  }

  /** Fetches unless a fetch is running or done. */
  function ensure(): Promise<void> {
    if (inflight) return inflight;
    if (usage.peek()) return Promise.resolve();
    return refresh();
  }

  /** Counts one more message locally, before the server's own count arrives. */
  function recordMessage(): void {
    const current = usage.peek();
    if (!current) return;
    const used = current.usage.messages + 1;
    usage.value = {
      ...current,
      usage: { ...current.usage, messages: used },
      remaining: { ...current.remaining, messages: remainingOf(current.quota.messages, used) },
    };
  }

  /** Takes the usage that came with a refusal (402) without another round trip. */
  function set(next: Usage): void {
    generation += 1;
    batch(() => {
      usage.value = next;
      settled.value = true;
    });
  }

  return {
    usage: usage as ReadonlySignal<Usage | null>,
    settled: settled as ReadonlySignal<boolean>,
    refresh,
    ensure,
    recordMessage,
    set,
  };
}

export type UsageStore = ReturnType<typeof createUsageStore>;
