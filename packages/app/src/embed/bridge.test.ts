import { EmbedFrameMessage } from '@doppel/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BridgeWindow, createEmbedBridge, parentOriginFrom } from './bridge';

const PARENT = 'https://host.example';

/** A host page as the bridge sees it: a parent window that records what it is sent, and a message listener. */
function fakeHost() {
  const parent = { postMessage: vi.fn() };
  const listeners = new Set<(event: MessageEvent) => void>();
  const window: BridgeWindow = {
    parent,
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  const deliver = (data: unknown, from: { source?: unknown; origin?: string } = {}) => {
    const event = { data, source: 'source' in from ? from.source : parent, origin: from.origin ?? PARENT };
    for (const listener of [...listeners]) listener(event as unknown as MessageEvent);
  };
  return {
    window,
    parent,
    listeners,
    deliver,
    welcome: (payload: Record<string, unknown> = { mode: 'bubble' }, id = 'doppel-7') =>
      deliver({ ns: 'doppel', v: 1, type: 'welcome', id, payload }),
    /** Every message posted so far, with its targetOrigin. */
    posted: () =>
      parent.postMessage.mock.calls.map(([message, targetOrigin]) => ({
        message: message as { type: string; id: string; payload?: unknown },
        targetOrigin: targetOrigin as string,
      })),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('parentOriginFrom', () => {
  it('takes an http(s) origin, normalised', () => {
    expect(parentOriginFrom('https://host.example')).toBe('https://host.example');
    expect(parentOriginFrom('https://HOST.example:443/')).toBe('https://host.example');
    expect(parentOriginFrom('http://127.0.0.1:3001')).toBe('http://127.0.0.1:3001');
  });

  it.each([null, '', 'null', '*', 'file:///tmp/page.html', 'javascript:alert(1)', 'not a url'])(
    'refuses %j',
    (raw) => {
      expect(parentOriginFrom(raw)).toBeNull();
    },
  );
});

describe('createEmbedBridge', () => {
  it('says hello to the parent at the parent query origin, with an empty id', () => {
    const host = fakeHost();
    const bridge = createEmbedBridge({ window: host.window, parentOrigin: PARENT });
    expect(bridge.connected).toBe(true);
    expect(host.posted()).toEqual([
      { message: { ns: 'doppel', v: 1, type: 'hello', id: '' }, targetOrigin: PARENT },
    ]);
    expect(EmbedFrameMessage.safeParse(host.posted()[0]?.message).success).toBe(true);
  });

  it('posts nothing and listens to nothing without a parent query, or without a parent', () => {
    const host = fakeHost();
    const noQuery = createEmbedBridge({ window: host.window, parentOrigin: null });
    noQuery.send('ready', { name: 'Ada' });
    expect(noQuery.connected).toBe(false);
    expect(host.parent.postMessage).not.toHaveBeenCalled();
    expect(host.listeners.size).toBe(0);

    const top: BridgeWindow = { ...host.window, parent: null };
    const alone = createEmbedBridge({ window: top, parentOrigin: PARENT });
    alone.send('ready', {});
    expect(alone.connected).toBe(false);
    expect(host.parent.postMessage).not.toHaveBeenCalled();
  });

  it('treats a top-level page (its own parent) as having no host', () => {
    const self: BridgeWindow & { parent: unknown } = {
      parent: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    };
    const postMessage = vi.fn();
    const topWindow = Object.assign(self, { postMessage });
    topWindow.parent = topWindow;
    const bridge = createEmbedBridge({ window: topWindow, parentOrigin: PARENT });
    expect(bridge.connected).toBe(false);
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('refuses an opaque or non-http parent origin', () => {
    const host = fakeHost();
    const bridge = createEmbedBridge({ window: host.window, parentOrigin: 'null' });
    expect(bridge.connected).toBe(false);
    expect(host.parent.postMessage).not.toHaveBeenCalled();
  });

  it('remembers id, mode, config, prefill and open from welcome, and tells subscribers', () => {
    const host = fakeHost();
    const bridge = createEmbedBridge({ window: host.window, parentOrigin: PARENT });
    const listener = vi.fn();
    bridge.state.subscribe(listener);
    listener.mockClear();
    host.welcome({ mode: 'bubble', config: 'cfg-1', prefill: 'Hello there', open: true });
    expect(bridge.state.value).toEqual({
      welcomed: true,
      id: 'doppel-7',
      mode: 'bubble',
      config: 'cfg-1',
      open: true,
      prefill: 'Hello there',
    });
    expect(listener).toHaveBeenCalled();
    expect(bridge.takePrefill()).toBe('Hello there');
    expect(bridge.takePrefill()).toBeNull();
  });

  it('shows inline and fullpage widgets from the start; a bubble only when the host says open', () => {
    for (const [mode, open] of [
      ['inline', true],
      ['fullpage', true],
      ['bubble', false],
    ] as const) {
      const host = fakeHost();
      const bridge = createEmbedBridge({ window: host.window, parentOrigin: PARENT });
      host.welcome({ mode });
      expect(bridge.state.value.open).toBe(open);
    }
  });

  it('follows open, close and prefill after welcome', () => {
    const host = fakeHost();
    const bridge = createEmbedBridge({ window: host.window, parentOrigin: PARENT });
    host.welcome({ mode: 'bubble' });
    host.deliver({ ns: 'doppel', v: 1, type: 'open', id: 'doppel-7' });
    expect(bridge.state.value.open).toBe(true);
    host.deliver({ ns: 'doppel', v: 1, type: 'prefill', id: 'doppel-7', payload: { text: 'Hi!' } });
    expect(bridge.state.value.prefill).toBe('Hi!');
    host.deliver({ ns: 'doppel', v: 1, type: 'close', id: 'doppel-7', payload: {} });
    expect(bridge.state.value.open).toBe(false);
  });

  it('accepts only its parent window at the parent origin, and only what EmbedHostMessage parses', () => {
    const host = fakeHost();
    const bridge = createEmbedBridge({ window: host.window, parentOrigin: PARENT });
    const welcome = { ns: 'doppel', v: 1, type: 'welcome', id: 'x', payload: { mode: 'inline' } };
    host.deliver(welcome, { source: { postMessage: vi.fn() } });
    host.deliver(welcome, { source: null });
    host.deliver(welcome, { origin: 'https://evil.example' });
    host.deliver(welcome, { origin: 'http://host.example' });
    for (const malformed of [
      'doppel:welcome',
      null,
      { ...welcome, ns: 'other' },
      { ...welcome, v: 2 },
      { ...welcome, type: 'takeover' },
      { ...welcome, payload: { mode: 'sideways' } },
      { ...welcome, payload: 'inline' },
      { ns: 'doppel', v: 1, type: 'prefill', id: 'x', payload: { text: '' } },
      { ns: 'doppel', v: 1, type: 'prefill', id: 'x', payload: { text: 'x'.repeat(4_001) } },
      { ns: 'doppel', v: 1, type: 'welcome', payload: { mode: 'inline' } },
    ]) {
      host.deliver(malformed);
    }
    expect(bridge.state.value.welcomed).toBe(false);
    expect(bridge.state.value.prefill).toBeNull();
    host.deliver(welcome);
    expect(bridge.state.value).toMatchObject({ welcomed: true, mode: 'inline', id: 'x' });
  });

  it('holds events until welcome, then sends them with the widget id, in order', () => {
    const host = fakeHost();
    const bridge = createEmbedBridge({ window: host.window, parentOrigin: PARENT });
    bridge.send('ready', { name: 'Ada Demo' });
    bridge.send('conversation-started', { conversationId: 'conv-1' });
    expect(host.posted()).toHaveLength(1);
    host.welcome({ mode: 'bubble' });
    bridge.send('message-sent', { conversationId: 'conv-1' });
    bridge.send('message-received', { conversationId: 'conv-1' });
    bridge.send('text-exhausted', { configId: 'cfg-1' });
    bridge.send('request-close');
    const sent = host.posted().slice(1);
    expect(sent.map(({ message }) => [message.type, message.id, message.payload])).toEqual([
      ['ready', 'doppel-7', { name: 'Ada Demo' }],
      ['conversation-started', 'doppel-7', { conversationId: 'conv-1' }],
      ['message-sent', 'doppel-7', { conversationId: 'conv-1' }],
      ['message-received', 'doppel-7', { conversationId: 'conv-1' }],
      ['text-exhausted', 'doppel-7', { configId: 'cfg-1' }],
      ['request-close', 'doppel-7', undefined],
    ]);
    for (const { message } of host.posted()) expect(EmbedFrameMessage.safeParse(message).success).toBe(true);
  });

  it('never posts to "*": every message goes to the parent origin', () => {
    const host = fakeHost();
    const bridge = createEmbedBridge({ window: host.window, parentOrigin: `${PARENT}/some/page` });
    host.welcome();
    bridge.send('ready', {});
    bridge.send('request-close');
    expect(host.posted().length).toBeGreaterThan(2);
    for (const { targetOrigin } of host.posted()) expect(targetOrigin).toBe(PARENT);
  });

  it('says hello again after a reload and takes the new welcome', () => {
    const host = fakeHost();
    const first = createEmbedBridge({ window: host.window, parentOrigin: PARENT });
    host.welcome({ mode: 'bubble', prefill: 'Once' });
    expect(first.takePrefill()).toBe('Once');
    first.destroy();
    const again = createEmbedBridge({ window: host.window, parentOrigin: PARENT });
    host.welcome({ mode: 'bubble', open: true });
    expect(again.state.value).toMatchObject({ open: true, prefill: null });
    expect(host.posted().filter(({ message }) => message.type === 'hello')).toHaveLength(2);
  });

  it('posts resize with the measured height when it changes, and stops on destroy', () => {
    const host = fakeHost();
    let observed: (() => void) | null = null;
    const disconnect = vi.fn();
    class FakeResizeObserver {
      constructor(callback: () => void) {
        observed = callback;
      }
      observe() {}
      unobserve() {}
      disconnect = disconnect;
    }
    const bridge = createEmbedBridge({
      window: host.window,
      parentOrigin: PARENT,
      ResizeObserver: FakeResizeObserver as unknown as typeof ResizeObserver,
    });
    host.welcome({ mode: 'inline' });
    let height = 420.4;
    bridge.observeHeight(document.createElement('div'), () => height);
    observed!();
    observed!();
    height = 999_999;
    observed!();
    const resizes = host.posted().filter(({ message }) => message.type === 'resize');
    expect(resizes.map(({ message }) => message.payload)).toEqual([{ height: 421 }, { height: 99_999 }]);
    bridge.destroy();
    expect(disconnect).toHaveBeenCalled();
    bridge.send('ready', {});
    expect(host.posted().filter(({ message }) => message.type === 'ready')).toHaveLength(0);
  });

  it('ignores the host after destroy', () => {
    const host = fakeHost();
    const bridge = createEmbedBridge({ window: host.window, parentOrigin: PARENT });
    bridge.destroy();
    host.welcome();
    expect(bridge.state.value.welcomed).toBe(false);
    expect(host.listeners.size).toBe(0);
  });

  it('works with real window messages from a real parent window (jsdom)', () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const parent = frame.contentWindow!;
    const postMessage = vi.spyOn(parent, 'postMessage').mockImplementation(() => undefined);
    const bridge = createEmbedBridge({
      window: {
        parent,
        addEventListener: (type, listener) => window.addEventListener(type, listener),
        removeEventListener: (type, listener) => window.removeEventListener(type, listener),
      },
      parentOrigin: PARENT,
    });
    expect(postMessage).toHaveBeenCalledWith({ ns: 'doppel', v: 1, type: 'hello', id: '' }, PARENT);
    const data = { ns: 'doppel', v: 1, type: 'welcome', id: 'doppel-1', payload: { mode: 'fullpage' } };
    window.dispatchEvent(new MessageEvent('message', { data, origin: PARENT, source: window }));
    expect(bridge.state.value.welcomed).toBe(false);
    window.dispatchEvent(new MessageEvent('message', { data, origin: PARENT, source: parent }));
    expect(bridge.state.value).toMatchObject({ welcomed: true, mode: 'fullpage', id: 'doppel-1' });
    bridge.destroy();
    frame.remove();
  });
});
