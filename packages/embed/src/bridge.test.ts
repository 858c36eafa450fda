import { EmbedHostMessage } from '@doppel/protocol';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { destroy, init, off, on } from './index';
import { APP, frames, fromFrame, HOST, msg, spyFrame } from './test/bridge';
import type { DoppelEvent } from './types';

let sent: MockInstance<Window['postMessage']> | undefined;
let events: DoppelEvent[];
let toPage: MockInstance<Window['postMessage']>;

/** A bubble opened, its iframe's postMessage recorded. */
function opened(extra = {}) {
  const widget = init({ clone: 'ada', origin: APP, id: 'w1', ...extra });
  widget.open();
  const frame = frames()[0]!;
  sent = spyFrame(frame);
  return { widget, frame };
}

const posted = () => sent!.mock.calls.map(([data]) => data);

const NAMES = [
  'ready',
  'message-sent',
  'message-received',
  'conversation-started',
  'text-exhausted',
  'voice-exhausted',
] as const;
const record = (e: DoppelEvent) => events.push(e);

beforeEach(() => {
  events = [];
  for (const name of NAMES) on(name, record);
  toPage = vi.spyOn(window, 'postMessage');
});

afterEach(() => {
  // Contract: everything the loader posted into a frame parses with the iframe side's schema.
  for (const [data, target] of sent?.mock.calls ?? []) {
    expect(EmbedHostMessage.safeParse(data).success, JSON.stringify(data)).toBe(true);
    expect(target).toBe(APP);
  }
  for (const name of NAMES) off(name, record);
  sent = undefined;
  destroy();
  vi.restoreAllMocks();
});

describe('handshake', () => {
  it('is busy until the chat is ready', () => {
    const { frame } = opened();
    expect(frame.parentElement!.getAttribute('aria-busy')).toBe('true');
    fromFrame(frame, msg('hello'));
    expect(frame.parentElement!.getAttribute('aria-busy')).toBe('true');
    fromFrame(frame, msg('ready'));
    expect(frame.parentElement!.hasAttribute('aria-busy')).toBe(false);
  });

  it('answers hello with welcome (mode, config, prefill, open) to the app origin only', () => {
    const { frame } = opened({ config: 'cfg', prefill: 'Hello there' });
    expect(sent).not.toHaveBeenCalled();
    fromFrame(frame, msg('hello'));
    expect(sent!.mock.calls[0]).toEqual([
      {
        ns: 'doppel',
        v: 1,
        type: 'welcome',
        id: 'w1',
        payload: { mode: 'bubble', config: 'cfg', prefill: 'Hello there', open: true },
      },
      APP,
    ]);
  });

  it('queues commands until hello, then flushes them in order after welcome', () => {
    const { widget, frame } = opened();
    widget.close();
    widget.open();
    expect(sent).not.toHaveBeenCalled();
    fromFrame(frame, msg('hello'));
    expect(posted().map((m) => (m as { type: string }).type)).toEqual(['welcome', 'open', 'close', 'open']);
    widget.close();
    expect(posted().at(-1)).toEqual({ ns: 'doppel', v: 1, type: 'close', id: 'w1', payload: undefined });
  });

  it('prefill before hello goes in welcome; after hello it is a prefill command', () => {
    const { widget, frame } = opened();
    widget.prefill('First');
    fromFrame(frame, msg('hello'));
    expect(posted()[0]).toMatchObject({ type: 'welcome', payload: { prefill: 'First' } });
    widget.prefill('Second');
    expect(posted().at(-1)).toEqual({
      ns: 'doppel',
      v: 1,
      type: 'prefill',
      id: 'w1',
      payload: { text: 'Second' },
    });
  });

  it('a reloaded chat says hello again and gets welcome again (without the used prefill)', () => {
    const { frame } = opened({ prefill: 'Once' });
    fromFrame(frame, msg('hello'));
    fromFrame(frame, msg('hello'));
    const welcomes = posted().filter((m) => (m as { type: string }).type === 'welcome');
    expect(welcomes).toHaveLength(2);
    expect(welcomes[1]).toMatchObject({ payload: { prefill: undefined, open: true } });
  });

  it('never posts to "*"', () => {
    const { widget, frame } = opened();
    widget.close();
    fromFrame(frame, msg('hello'));
    widget.open();
    widget.prefill('x');
    fromFrame(frame, msg('text-exhausted'));
    fromFrame(frame, msg('voice-exhausted', { configId: 'c' }));
    const targets = [...sent!.mock.calls, ...toPage.mock.calls].map((call) => call[1]);
    expect(targets.length).toBeGreaterThan(4);
    expect(targets).not.toContain('*');
  });
});

describe('origin and source checks', () => {
  it('ignores a message from another window, even with the right origin', () => {
    const { frame } = opened();
    const other = document.createElement('iframe');
    document.body.append(other);
    fromFrame(frame, msg('hello'), { source: other.contentWindow });
    fromFrame(frame, msg('ready'), { source: window });
    fromFrame(frame, msg('ready'), { source: null });
    other.remove();
    expect(sent).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });

  it('ignores its own iframe speaking from another origin', () => {
    const { frame } = opened();
    fromFrame(frame, msg('hello'), { origin: 'https://evil.test' });
    fromFrame(frame, msg('ready'), { origin: HOST });
    fromFrame(frame, msg('ready'), { origin: `${APP}:443` });
    expect(sent).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });

  it.each([
    ['a string', 'doppel:ready'],
    ['null', null],
    ['another namespace', { ...msg('ready'), ns: 'other' }],
    ['another version', { ...msg('ready'), v: 2 }],
    ['a version as text', { ...msg('ready'), v: '1' }],
    ['an unknown type', msg('explode')],
    ['a host message type', msg('welcome')],
    ['a payload that is not an object', msg('ready', 'x' as unknown as object)],
    ['voice-exhausted without its config id', msg('voice-exhausted', {})],
    ['an inherited type name', msg('toString')],
  ])('drops %s silently', (_, data) => {
    const { frame } = opened();
    expect(() => fromFrame(frame, data)).not.toThrow();
    expect(sent).not.toHaveBeenCalled();
    expect(events).toEqual([]);
    expect(toPage).not.toHaveBeenCalled();
  });
});

describe('events from the chat', () => {
  it('reach handlers and doppel:* CustomEvents with the payload and the widget id', () => {
    const { frame } = opened();
    const details: unknown[] = [];
    const listener = (e: Event) => details.push((e as CustomEvent).detail);
    window.addEventListener('doppel:conversation-started', listener);
    fromFrame(frame, msg('ready', { name: 'Ada' }));
    fromFrame(frame, msg('conversation-started', { conversationId: 'c1' }));
    fromFrame(frame, msg('message-sent', { conversationId: 'c1' }));
    fromFrame(frame, msg('message-received', { conversationId: 'c1' }));
    window.removeEventListener('doppel:conversation-started', listener);
    expect(events.map((e) => e.type)).toEqual([
      'ready',
      'conversation-started',
      'message-sent',
      'message-received',
    ]);
    expect(events[0]).toEqual({ type: 'ready', id: 'w1', name: 'Ada' });
    expect(details).toEqual([{ type: 'conversation-started', id: 'w1', conversationId: 'c1' }]);
  });

  it('a payload cannot pretend to be another widget or event', () => {
    const { frame } = opened();
    fromFrame(frame, msg('message-sent', { id: 'other', type: 'text-exhausted' }));
    expect(events).toEqual([{ type: 'message-sent', id: 'w1' }]);
  });

  it('request-close and close hide the popup; open shows it', () => {
    const { widget, frame } = opened();
    fromFrame(frame, msg('request-close'));
    expect(widget.isOpen).toBe(false);
    fromFrame(frame, msg('open'));
    expect(widget.isOpen).toBe(true);
    fromFrame(frame, msg('close'));
    expect(widget.isOpen).toBe(false);
    expect(frame.parentElement!.hidden).toBe(true);
  });

  it('a throwing handler does not stop the others', () => {
    const { widget, frame } = opened();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    widget.on('ready', () => {
      throw new Error('boom');
    });
    const after = vi.fn();
    widget.on('ready', after);
    fromFrame(frame, msg('ready'));
    expect(after).toHaveBeenCalled();
    expect(error).toHaveBeenCalled();
  });

  it('off stops a handler; a widget handler hears only its widget', () => {
    const { widget, frame } = opened();
    const mine = vi.fn();
    widget.on('message-sent', mine);
    const other = init({ clone: 'bob', origin: APP, id: 'w2' });
    const theirs = vi.fn();
    other.on('message-sent', theirs);
    fromFrame(frame, msg('message-sent'));
    widget.off('message-sent', mine);
    fromFrame(frame, msg('message-sent'));
    expect(mine).toHaveBeenCalledTimes(1);
    expect(theirs).not.toHaveBeenCalled();
    off('message-sent', record);
    fromFrame(frame, msg('message-sent'));
    expect(events).toHaveLength(2);
  });
});

describe('limit events', () => {
  it("text-exhausted also goes to the top window as 'doppel:text-exhausted', to our own origin", () => {
    const { frame } = opened({ config: 'cfg' });
    fromFrame(frame, msg('text-exhausted', { configId: 'cfg' }));
    expect(events).toEqual([{ type: 'text-exhausted', id: 'w1', configId: 'cfg' }]);
    expect(toPage).toHaveBeenCalledWith('doppel:text-exhausted', HOST);
  });

  it('voice-exhausted goes to the top window as { type, configId }', () => {
    const { frame } = opened();
    fromFrame(frame, msg('voice-exhausted', { configId: 'cfg-9' }));
    expect(events).toEqual([{ type: 'voice-exhausted', id: 'w1', configId: 'cfg-9' }]);
    expect(toPage).toHaveBeenCalledWith({ type: 'voice-exhausted', configId: 'cfg-9' }, HOST);
  });

  it('reaches a same-origin top window; with a cross-origin top it stays in this window', () => {
    const { frame } = opened();
    const top = { document: {}, postMessage: vi.fn() };
    const getTop = vi.spyOn(window, 'top', 'get').mockReturnValue(top as unknown as Window);
    fromFrame(frame, msg('text-exhausted'));
    expect(top.postMessage).toHaveBeenCalledWith('doppel:text-exhausted', HOST);
    expect(toPage).not.toHaveBeenCalled();

    const crossOrigin = {
      get document() {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
      postMessage: vi.fn(),
    };
    getTop.mockReturnValue(crossOrigin as unknown as Window);
    fromFrame(frame, msg('text-exhausted'));
    expect(crossOrigin.postMessage).not.toHaveBeenCalled();
    expect(toPage).toHaveBeenCalledWith('doppel:text-exhausted', HOST);
  });

  it('a page listening for window messages receives them', async () => {
    const { frame } = opened();
    toPage.mockRestore();
    const received = new Promise((resolve) => {
      const listener = (e: MessageEvent) => {
        if (typeof e.data !== 'string') return;
        window.removeEventListener('message', listener);
        resolve(e.data);
      };
      window.addEventListener('message', listener);
    });
    fromFrame(frame, msg('text-exhausted'));
    expect(await received).toBe('doppel:text-exhausted');
  });
});
