/** @module The Get a Text panel's calls (spec/calls.md §7 greetUser; the IP country lookup). */
import { GeoCountry, type GreetRequest, GreetResponse } from '@doppel/protocol';
import type { ApiClient } from './api-client';

/** POST /api/channels/greet: opts in on one channel; the clone sends its first message. */
export function greetUser(api: ApiClient, request: GreetRequest): Promise<GreetResponse> {
  return api.request('/channels/greet', GreetResponse, { method: 'POST', body: request });
}

/** GET /api/geo/country: the visitor's country from their IP address; null when unknown or failed. */
export async function guessCountry(api: ApiClient): Promise<string | null> {
  try {
    return (await api.request('/geo/country', GeoCountry)).country;
  } catch {
    return null;
  }
}
