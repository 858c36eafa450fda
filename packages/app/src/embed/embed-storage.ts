/**
 * @module What the embed iframe keeps in its own storage (DESIGN §4, spec/chat.md §7): the bearer
 * token under EMBED_TOKEN_STORAGE_KEY, the anonymous visitor id the server hands out (cookies are
 * blocked in third-party iframes), and per clone and instance the conversation and the capture
 * flow, so reopening the widget goes on where it stopped. Storage may be partitioned, empty or
 * blocked (Safari, sandboxing, "block third-party cookies", which also denies an iframe its
 * localStorage): every access is guarded, and the values are also kept in memory, so a page with
 * no storage still keeps its visitor id and sign-in while it is open and simply starts signed
 * out, with a fresh conversation, next time. Never a crash.
 */
import { CaptureSnapshot, EMBED_TOKEN_STORAGE_KEY } from '@doppel/protocol';

/** The anonymous visitor id, beside the token. */
export const EMBED_VISITOR_STORAGE_KEY = 'doppel:embed-visitor';
const CONVERSATION_PREFIX = 'doppel:embed-conversation:';
const CAPTURE_PREFIX = 'doppel:embed-capture:';
/** Tokens, visitor ids and conversation ids are short; anything longer was not written by us. */
const MAX_VALUE_LENGTH = 2_000;

export interface EmbedStorage {
  token(): string | null;
  setToken(token: string | null): void;
  visitorId(): string | null;
  setVisitorId(id: string | null): void;
  conversationId(slug: string, instanceSlug: string | null): string | null;
  setConversationId(slug: string, instanceSlug: string | null, id: string | null): void;
  capture(slug: string, instanceSlug: string | null): CaptureSnapshot | null;
  setCapture(slug: string, instanceSlug: string | null, snapshot: CaptureSnapshot | null): void;
  /**
   * Sign-out inside the embed (spec/calls.md §6: logout only clears embed storage): forgets the
   * token, the conversations and the capture flows; the visitor id stays, so the anonymous quota
   * is not reset by signing out.
   */
  clearSession(): void;
}

const key = (prefix: string, slug: string, instanceSlug: string | null): string =>
  `${prefix}${slug}/${instanceSlug ?? ''}`;

/** The iframe's localStorage, or null where reading it throws (blocked storage). */
function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The embed's storage over `getStorage` (the iframe's localStorage by default). */
export function createEmbedStorage(getStorage: () => Storage | null = defaultStorage): EmbedStorage {
  /** This page's copy: what is read when the storage cannot be. */
  const memory = new Map<string, string>();
  const usable = (value: string | null | undefined): string | null =>
    value !== null && value !== undefined && value !== '' && value.length <= MAX_VALUE_LENGTH * 4
      ? value
      : null;
  const read = (name: string): string | null => {
    try {
      const storage = getStorage();
      if (storage) return usable(storage.getItem(name));
    } catch {
      // Blocked: this page's copy.
    }
    return usable(memory.get(name));
  };
  const write = (name: string, value: string | null): void => {
    if (value === null || value === '') memory.delete(name);
    else memory.set(name, value);
    try {
      const storage = getStorage();
      if (!storage) return;
      if (value === null || value === '') storage.removeItem(name);
      else storage.setItem(name, value);
    } catch {
      // Full or blocked: the value lives for this page only.
    }
  };
  const short = (value: string | null): string | null =>
    value !== null && value.length <= MAX_VALUE_LENGTH ? value : null;
  const removeAll = (prefixes: string[]): void => {
    for (const name of [...memory.keys()]) {
      if (prefixes.some((prefix) => name.startsWith(prefix))) memory.delete(name);
    }
    try {
      const storage = getStorage();
      if (!storage) return;
      const names: string[] = [];
      for (let i = 0; i < storage.length; i += 1) {
        const name = storage.key(i);
        if (name && prefixes.some((prefix) => name.startsWith(prefix))) names.push(name);
      }
      for (const name of names) storage.removeItem(name);
    } catch {
      // Blocked storage holds nothing to clear.
    }
  };

  return {
    token: () => short(read(EMBED_TOKEN_STORAGE_KEY)),
    setToken: (token) => write(EMBED_TOKEN_STORAGE_KEY, token),
    visitorId: () => short(read(EMBED_VISITOR_STORAGE_KEY)),
    setVisitorId: (id) => write(EMBED_VISITOR_STORAGE_KEY, id),
    conversationId: (slug, instanceSlug) => short(read(key(CONVERSATION_PREFIX, slug, instanceSlug))),
    setConversationId: (slug, instanceSlug, id) => write(key(CONVERSATION_PREFIX, slug, instanceSlug), id),
    capture(slug, instanceSlug) {
      const raw = read(key(CAPTURE_PREFIX, slug, instanceSlug));
      if (raw === null) return null;
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return null;
      }
      const parsed = CaptureSnapshot.safeParse(json);
      return parsed.success ? parsed.data : null;
    },
    setCapture(slug, instanceSlug, snapshot) {
      write(key(CAPTURE_PREFIX, slug, instanceSlug), snapshot ? JSON.stringify(snapshot) : null);
    },
    clearSession() {
      write(EMBED_TOKEN_STORAGE_KEY, null);
      removeAll([CONVERSATION_PREFIX, CAPTURE_PREFIX]);
    },
  };
}
