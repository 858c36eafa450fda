/**
 * @module The embed's identity (DESIGN §4): every API call carries the bearer token and the
 * visitor id kept in the iframe's storage (third-party iframes get no cookies), a fresh visitor id
 * from the server is kept, the session is read at GET /api/embed/auth, and signing out clears the
 * iframe's storage only (spec/calls.md §6).
 */
import { VISITOR_HEADER } from '@doppel/protocol';
import {
  fetchEmbedSession,
  type SessionAnswer,
  setRequestHeadersHook,
  setResponseHook,
  statusOf,
} from '../api';
import { setSessionApi } from '../session';
import type { EmbedStorage } from './embed-storage';

const SIGNED_OUT: SessionAnswer = { user: null, relationships: [], googleSignIn: false };

/** Installs the embed's headers, visitor-id keeping and session; returns the uninstall function. */
export function installEmbedSession(storage: EmbedStorage): () => void {
  setRequestHeadersHook(() => {
    const headers: Record<string, string> = {};
    const token = storage.token();
    const visitor = storage.visitorId();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (visitor) headers[VISITOR_HEADER] = visitor;
    return headers;
  });
  // The server names a fresh visitor only when the request carried no valid id: keep it.
  setResponseHook((response) => {
    const id = response.headers.get(VISITOR_HEADER);
    if (id && id !== storage.visitorId()) storage.setVisitorId(id);
  });
  setSessionApi({
    async fetchSession() {
      if (!storage.token()) return SIGNED_OUT;
      try {
        return await fetchEmbedSession();
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
  });
  return () => {
    setRequestHeadersHook(null);
    setResponseHook(null);
    setSessionApi(null);
  };
}
