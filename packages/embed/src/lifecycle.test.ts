import { afterEach, describe, expect, it, vi } from 'vitest';
import { close, destroy, init, open, prefill, toggle } from './index';
import { APP, countListeners, frames, fromFrame, launchers, msg, sheets, spyFrame } from './test/bridge';

afterEach(() => {
  destroy();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const container = (id: string) => {
  const el = document.createElement('div');
  el.id = id;
  document.body.append(el);
  return el;
};

describe('inline and fullpage', () => {
  it('inline fills its target (selector or element) at once, with no launcher', () => {
    const target = container('chat');
    const widget = init({ clone: 'ada', origin: APP, mode: 'inline', target: '#chat' });
    expect(widget.isOpen).toBe(true);
    expect(launchers()).toHaveLength(0);
    const box = target.firstElementChild as HTMLElement;
    expect(box.className).toBe('doppel doppel-inline');
    expect(box.hidden).toBe(false);
    expect(box.querySelector('iframe')?.src).toContain(`${APP}/embed/ada?parent=`);
    const other = container('other');
    init({ clone: 'bob', origin: APP, mode: 'inline', target: other });
    expect(other.querySelector('iframe')?.src).toContain('/embed/bob?');
  });

  it('page \'call\' opens the call screen (data-page="call"), for the clone or its instance', () => {
    const target = container('call');
    init({ clone: 'ada', origin: APP, mode: 'inline', target, page: 'call', config: 'cfg-1' });
    expect(target.querySelector('iframe')?.src).toMatch(
      new RegExp(`^${APP}/embed/ada/call\\?parent=[^&]+&config=cfg-1$`),
    );
    const other = container('other-call');
    init({ clone: 'bob', origin: APP, mode: 'inline', target: other, instance: 'shop', page: 'call' });
    expect(other.querySelector('iframe')?.src).toContain('/embed/bob/shop/call?');
  });

  it('autoHeight: the container follows the height the chat reports', () => {
    const target = container('chat');
    init({ clone: 'ada', origin: APP, mode: 'inline', target, autoHeight: true });
    const frame = frames()[0]!;
    fromFrame(frame, msg('resize', { height: 732 }));
    const box = target.firstElementChild as HTMLElement;
    expect(box.style.height).toBe('732px');
    for (const height of [-1, Number.NaN, '900', null, 1e9]) fromFrame(frame, msg('resize', { height }));
    expect(box.style.height).toBe('732px');
  });

  it('shows "Loading…" only until the iframe has loaded: a refusal page (403) is shown without it', () => {
    const target = container('chat');
    init({ clone: 'ada', origin: APP, mode: 'inline', target });
    const box = target.firstElementChild as HTMLElement;
    const frame = frames()[0]!;
    expect(box.getAttribute('aria-busy')).toBe('true');
    frame.dispatchEvent(new Event('load'));
    expect(box.hasAttribute('aria-busy')).toBe(false);
    // The text is tied to aria-busy, and the iframe fills the box whatever its height comes from.
    const rules = sheets().flatMap((sheet) => [...sheet.cssRules]) as CSSStyleRule[];
    const loading = rules.find((rule) => rule.selectorText?.includes(':before'));
    expect(loading?.selectorText).toMatch(/^\.doppel\[aria-busy\]:?:before$/);
    const iframe = rules.find((rule) => rule.selectorText === '.doppel iframe');
    expect(iframe?.style.position).toBe('absolute');
    expect(iframe?.style.height).toBe('100%');
  });

  it('without autoHeight, resize messages are ignored', () => {
    const target = container('chat');
    init({ clone: 'ada', origin: APP, mode: 'inline', target });
    fromFrame(frames()[0]!, msg('resize', { height: 732 }));
    expect((target.firstElementChild as HTMLElement).style.height).toBe('');
  });

  it('an inline target that does not exist is reported, and nothing breaks', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const widget = init({ clone: 'ada', origin: APP, mode: 'inline', target: '#missing' });
    expect(error).toHaveBeenCalledWith('Doppel: no element matches target', '#missing');
    expect(() => widget.destroy()).not.toThrow();
  });

  it('fullpage takes the page', () => {
    init({ clone: 'ada', origin: APP, mode: 'fullpage' });
    const box = frames()[0]!.parentElement!;
    expect(box.className).toBe('doppel doppel-fullpage');
    expect(box.parentElement).toBe(document.body);
  });

  it('an unknown mode is a bubble', () => {
    init({ clone: 'ada', origin: APP, mode: 'sideways' as 'bubble' });
    expect(launchers()).toHaveLength(1);
  });
});

describe('several widgets', () => {
  it('are independent: own ids, iframes, commands and handshakes', () => {
    const a = init({ clone: 'ada', origin: APP });
    const b = init({ clone: 'bob', origin: APP, mode: 'inline', target: container('b') });
    expect(a.id).not.toBe(b.id);
    a.open();
    const [frameB, frameA] = frames();
    expect(frameA!.src).toContain('/embed/ada?');
    expect(frameB!.src).toContain('/embed/bob?');
    const sentA = spyFrame(frameA!);
    const sentB = spyFrame(frameB!);
    fromFrame(frameB!, msg('hello'));
    expect(sentA).not.toHaveBeenCalled();
    expect(sentB.mock.calls[0]![0]).toMatchObject({ type: 'welcome', id: b.id, payload: { mode: 'inline' } });
    // A's iframe speaking does not close B, and commands by id reach one widget.
    fromFrame(frameA!, msg('request-close'));
    expect(a.isOpen).toBe(false);
    expect(b.isOpen).toBe(true);
    open(a.id);
    close(b.id);
    expect([a.isOpen, b.isOpen]).toEqual([true, false]);
    toggle();
    expect([a.isOpen, b.isOpen]).toEqual([false, true]);
    prefill('Hi', a.id);
    fromFrame(frameA!, msg('hello'));
    expect(sentA.mock.calls[0]![0]).toMatchObject({ type: 'welcome', payload: { prefill: 'Hi' } });
  });

  it('init with an existing id replaces that widget', () => {
    init({ clone: 'ada', origin: APP, id: 'help' });
    init({ clone: 'bob', origin: APP, id: 'help' }).open();
    expect(launchers()).toHaveLength(1);
    expect(frames()[0]!.src).toContain('/embed/bob?');
  });
});

describe('destroy', () => {
  it('leaves nothing behind: nodes, listeners, idle callbacks, styles (and init again works)', () => {
    const pending = new Set<number>();
    let next = 0;
    vi.stubGlobal('requestIdleCallback', () => {
      pending.add(++next);
      return next;
    });
    vi.stubGlobal('cancelIdleCallback', (handle: number) => pending.delete(handle));
    const before = document.documentElement.outerHTML;
    const win = countListeners(window);
    const doc = countListeners(document);
    for (let round = 0; round < 2; round++) {
      const bubble = init({ clone: 'ada', origin: APP, preload: true });
      init({ clone: 'bob', origin: APP, mode: 'inline', target: container('inline') });
      init({ clone: 'cy', origin: APP, mode: 'fullpage' });
      bubble.open();
      expect(sheets()).toHaveLength(2);
      expect(document.querySelectorAll('style')).toHaveLength(0);
      expect(win.live.length).toBeGreaterThan(0);
      expect(pending.size).toBe(1);
      destroy();
      document.getElementById('inline')!.remove();
      expect(document.documentElement.outerHTML).toBe(before);
      expect(sheets()).toEqual([]);
      expect(win.live).toEqual([]);
      expect(doc.live).toEqual([]);
      expect(pending.size).toBe(0);
    }
    win.restore();
    doc.restore();
    vi.unstubAllGlobals();
  });

  it('the timer that stands in for requestIdleCallback is cleared too', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    init({ clone: 'ada', origin: APP, preload: true });
    expect(vi.getTimerCount()).toBe(1);
    destroy();
    expect(vi.getTimerCount()).toBe(0);
    vi.unstubAllGlobals();
  });

  it('a bubble that was never opened leaves nothing either, its idle callback cancelled', () => {
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', () => 42);
    vi.stubGlobal('cancelIdleCallback', cancel);
    const before = document.documentElement.outerHTML;
    init({ clone: 'ada', origin: APP, preload: true }).destroy();
    expect(cancel).toHaveBeenCalledWith(42);
    expect(document.documentElement.outerHTML).toBe(before);
    vi.unstubAllGlobals();
  });

  it('one widget goes, the others and the shared styles stay', () => {
    const a = init({ clone: 'ada', origin: APP });
    const b = init({ clone: 'bob', origin: APP, id: 'b' });
    a.open();
    b.open();
    a.destroy();
    a.destroy();
    expect(launchers()).toHaveLength(1);
    expect(frames()).toHaveLength(1);
    expect(sheets()).toHaveLength(2);
    b.close();
    b.open();
    expect(b.isOpen).toBe(true);
  });

  it('after destroy, a late message from the old iframe does nothing', () => {
    const widget = init({ clone: 'ada', origin: APP });
    widget.open();
    const frame = frames()[0]!;
    const handler = vi.fn();
    window.addEventListener('doppel:ready', handler);
    widget.destroy();
    fromFrame(frame, msg('ready'));
    window.removeEventListener('doppel:ready', handler);
    expect(handler).not.toHaveBeenCalled();
    expect(() => widget.open()).not.toThrow();
    expect(frames()).toHaveLength(0);
  });
});

describe('options', () => {
  it('needs a clone', () => {
    expect(() => init({} as never)).toThrow(/clone/);
  });

  it('normalises the origin (a trailing slash or path is dropped)', () => {
    init({ clone: 'ada', origin: `${APP}/some/path/` }).open();
    expect(frames()[0]!.src.startsWith(`${APP}/embed/ada?`)).toBe(true);
  });

  it('defaults the app origin to this page when none is known (ESM use on the app origin)', () => {
    init({ clone: 'ada' }).open();
    expect(frames()[0]!.src.startsWith(`${location.origin}/embed/ada?`)).toBe(true);
  });

  it('encodes slugs and ids in the iframe address', () => {
    init({ clone: 'a/b', instance: 'c?d', config: 'e&f', origin: APP }).open();
    expect(frames()[0]!.src).toBe(
      `${APP}/embed/a%2Fb/c%3Fd?parent=${encodeURIComponent(location.origin)}&config=e%26f`,
    );
  });

  it('waits for the page when called while it is still loading', () => {
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const widget = init({ clone: 'ada', origin: APP });
    widget.open();
    expect(launchers()).toHaveLength(0);
    state.mockReturnValue('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(launchers()).toHaveLength(1);
    expect(frames()).toHaveLength(1);
    expect(widget.isOpen).toBe(true);
  });
});
