/** @module Usage and memberships of a clone (spec/chat.md §7, spec/calls.md §7). */
import {
  SubscriptionData,
  USAGE_FETCH_BACKOFF_MS,
  USAGE_FETCH_RETRIES,
  type Usage,
  Usage as UsageSchema,
} from '@doppel/protocol';
import type { ApiClient } from './api-client';
import { statusOf } from './api-error';

const cloneQuery = (instanceSlug?: string | null): string =>
  instanceSlug ? `?instance=${encodeURIComponent(instanceSlug)}` : '';

/** Whether a failed usage fetch is worth another try: the network, a busy or broken server. */
function retryable(error: unknown): boolean {
  const status = statusOf(error);
  return status === 0 || status === 429 || status >= 500;
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GET /api/clones/:slug/usage (?instance=): the caller's usage, quota and permissions.
 * spec/chat.md §7: the fetch is tried 3 times, waiting 2 s and then 4 s between tries; a
 * refusal (4xx) is not retried.
 */
export async function fetchUsage(
  api: ApiClient,
  slug: string,
  instanceSlug?: string | null,
  options: { onRetry?: () => void; sleep?: (ms: number) => Promise<void> } = {},
): Promise<Usage> {
  const sleep = options.sleep ?? wait;
  const path = `/clones/${encodeURIComponent(slug)}/usage${cloneQuery(instanceSlug)}`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await api.request(path, UsageSchema);
    } catch (error) {
      if (attempt >= USAGE_FETCH_RETRIES || !retryable(error)) throw error;
      options.onRetry?.();
      await sleep(USAGE_FETCH_BACKOFF_MS * 2 ** (attempt - 1));
    }
  }
}

/** GET /api/clones/:slug/memberships (?instance=): the tiers on offer and the active subscription. */
export function fetchMemberships(
  api: ApiClient,
  slug: string,
  instanceSlug?: string | null,
): Promise<SubscriptionData> {
  return api.request(
    `/clones/${encodeURIComponent(slug)}/memberships${cloneQuery(instanceSlug)}`,
    SubscriptionData,
  );
}
