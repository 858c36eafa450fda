import { EMBED_TOKEN_STORAGE_KEY } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { createEmbedStorage, EMBED_VISITOR_STORAGE_KEY } from './embed-storage';

const completed = {
  state: 'COMPLETED' as const,
  values: {
    email: 'ada@example.com',
    otp: '',
    phone: '',
    otp_phone: '',
    opt_in_status: false,
    error: null,
    startedAt: 1_700_000_000_000,
    skippedEmail: false,
  },
};

/** A Storage whose every access throws, as a third-party iframe's with third-party storage blocked. */
const blocked = (): Storage => {
  const deny = () => {
    throw new DOMException('Access is denied for this document.', 'SecurityError');
  };
  return {
    get length(): number {
      return deny();
    },
    clear: deny,
    getItem: deny,
    key: deny,
    removeItem: deny,
    setItem: deny,
  };
};

describe('createEmbedStorage', () => {
  it('keeps the token and the visitor id in the iframe localStorage, under their keys', () => {
    const storage = createEmbedStorage();
    expect(storage.token()).toBeNull();
    expect(storage.visitorId()).toBeNull();
    storage.setToken('tok-1');
    storage.setVisitorId('visitor-1');
    expect(localStorage.getItem(EMBED_TOKEN_STORAGE_KEY)).toBe('tok-1');
    expect(localStorage.getItem(EMBED_VISITOR_STORAGE_KEY)).toBe('visitor-1');
    // Another iframe of the same app (a reload, a second widget) reads them back.
    const again = createEmbedStorage();
    expect(again.token()).toBe('tok-1');
    expect(again.visitorId()).toBe('visitor-1');
    again.setToken(null);
    expect(localStorage.getItem(EMBED_TOKEN_STORAGE_KEY)).toBeNull();
    expect(storage.token()).toBeNull();
  });

  it('keeps a conversation per clone and instance', () => {
    const storage = createEmbedStorage();
    storage.setConversationId('demo', null, 'conv-1');
    storage.setConversationId('demo', 'bakery', 'conv-2');
    expect(storage.conversationId('demo', null)).toBe('conv-1');
    expect(storage.conversationId('demo', 'bakery')).toBe('conv-2');
    expect(storage.conversationId('other', null)).toBeNull();
    storage.setConversationId('demo', null, null);
    expect(storage.conversationId('demo', null)).toBeNull();
  });

  it('keeps a capture snapshot, and drops one that does not parse', () => {
    const storage = createEmbedStorage();
    storage.setCapture('demo', null, completed);
    expect(storage.capture('demo', null)).toEqual(completed);
    localStorage.setItem('doppel:embed-capture:demo/', '{"state":"HACKED"}');
    expect(storage.capture('demo', null)).toBeNull();
    localStorage.setItem('doppel:embed-capture:demo/', 'not json');
    expect(storage.capture('demo', null)).toBeNull();
  });

  it('ignores values it cannot have written (empty, absurdly long)', () => {
    const storage = createEmbedStorage();
    localStorage.setItem(EMBED_TOKEN_STORAGE_KEY, '');
    expect(storage.token()).toBeNull();
    localStorage.setItem(EMBED_TOKEN_STORAGE_KEY, 'x'.repeat(10_000));
    expect(storage.token()).toBeNull();
  });

  it('signs out by forgetting the token, conversations and captures, but keeps the visitor id', () => {
    const storage = createEmbedStorage();
    storage.setToken('tok-1');
    storage.setVisitorId('visitor-1');
    storage.setConversationId('demo', null, 'conv-1');
    storage.setCapture('demo', null, completed);
    localStorage.setItem('someone-else', 'kept');
    storage.clearSession();
    expect(storage.token()).toBeNull();
    expect(storage.conversationId('demo', null)).toBeNull();
    expect(storage.capture('demo', null)).toBeNull();
    expect(storage.visitorId()).toBe('visitor-1');
    expect(localStorage.getItem('someone-else')).toBe('kept');
  });

  it('never throws with blocked storage, and keeps the values for this page', () => {
    const storage = createEmbedStorage(blocked);
    expect(storage.token()).toBeNull();
    expect(storage.capture('demo', null)).toBeNull();
    expect(() => storage.setToken('tok-1')).not.toThrow();
    storage.setVisitorId('visitor-1');
    storage.setConversationId('demo', null, 'conv-1');
    expect(storage.token()).toBe('tok-1');
    expect(storage.visitorId()).toBe('visitor-1');
    expect(storage.conversationId('demo', null)).toBe('conv-1');
    expect(() => storage.clearSession()).not.toThrow();
    expect(storage.token()).toBeNull();
    expect(storage.conversationId('demo', null)).toBeNull();
    expect(storage.visitorId()).toBe('visitor-1');
    // The next page starts signed out.
    expect(createEmbedStorage(blocked).token()).toBeNull();
  });

  it('works with no storage at all, and when reaching it throws', () => {
    const none = createEmbedStorage(() => null);
    none.setToken('tok-1');
    expect(none.token()).toBe('tok-1');
    const throwing = createEmbedStorage(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(throwing.visitorId()).toBeNull();
    throwing.setVisitorId('visitor-1');
    expect(throwing.visitorId()).toBe('visitor-1');
  });
});
