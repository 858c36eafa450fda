/**
 * @module The embed's services (DESIGN §4): an API client whose every call carries the bearer
 * token and the visitor id kept in the iframe's storage (third-party iframes get no cookies) and
 * that keeps a fresh visitor id from the server; the session read at GET /api/embed/auth; and
 * sign-out that clears the iframe's storage only (spec/calls.md §6).
 */
import { type MeResponse, VISITOR_HEADER } from '@doppel/protocol';
import { createApiClient, fetchEmbedSession, statusOf } from '../api';
import { type AppServices, createAppServices } from '../services';
import type { EmbedStorage } from './embed-storage';

const SIGNED_OUT: MeResponse = { user: null, relationships: [] };

/** Creates the services of one embed iframe over its storage. */
export function createEmbedServices(storage: EmbedStorage): AppServices {
  const api = createApiClient({
    headers() {
      const headers: Record<string, string> = {};
      const token = storage.token();
      const visitor = storage.visitorId();
      if (token) headers.Authorization = `Bearer ${token}`;
      if (visitor) headers[VISITOR_HEADER] = visitor;
      return headers;
    },
    // The server names a fresh visitor only when the request carried no valid id: keep it.
    onResponse(response) {
      const id = response.headers.get(VISITOR_HEADER);
      if (id && id !== storage.visitorId()) storage.setVisitorId(id);
    },
  });
  return createAppServices({
    api,
    // spec/chat.md §6: the bot check runs on the full site only.
    botCheck: false,
    sessionApi: {
      async fetchSession() {
        if (!storage.token()) return SIGNED_OUT;
        try {
          return await fetchEmbedSession(api);
        } catch (error) {
          // A revoked or expired token: forget it and go on as a visitor.
          if (statusOf(error) === 401) {
            storage.setToken(null);
            return SIGNED_OUT;
          }
          throw error;
        }
      },
      async logout() {
        storage.clearSession();
      },
    },
  });
}
