import { afterEach, describe, expect, it, vi } from 'vitest';
import { destroy, init, on, open, toggle } from './index';
import { APP, adoptedCss, frames, fromFrame, HOST, launchers, msg, sheets } from './test/bridge';

afterEach(() => {
  destroy();
  vi.unstubAllGlobals();
});

const bubble = (extra = {}) => init({ clone: 'ada', origin: APP, ...extra });

describe('bubble mode', () => {
  it('shows a launcher named after the clone, and no iframe before the first open', () => {
    bubble({ name: 'Ada' });
    const [button] = launchers();
    expect(button?.getAttribute('aria-label')).toBe('Open chat with Ada');
    expect(button?.getAttribute('aria-expanded')).toBe('false');
    expect(frames()).toHaveLength(0);
  });

  it("is named 'Open chat' without a display name", () => {
    bubble();
    expect(launchers()[0]?.getAttribute('aria-label')).toBe('Open chat');
  });

  it('creates the iframe on the first open, with its src, title and permissions', () => {
    const widget = bubble({ instance: 'pro', config: 'cfg 1' });
    launchers()[0]!.click();
    expect(widget.isOpen).toBe(true);
    const [frame] = frames();
    expect(frame?.src).toBe(`${APP}/embed/ada/pro?parent=${encodeURIComponent(HOST)}&config=cfg%201`);
    // Named after the clone, not its slug: 'Chat' until the chat tells the name (next test).
    expect(frame?.title).toBe('Chat');
    expect(frame?.getAttribute('allow')).toBe('microphone; camera; autoplay; clipboard-write');
    expect(frame?.closest('.doppel')?.className).toBe('doppel doppel-bubble');
  });

  it('names the launcher and the iframe after the clone: the name given, else the one the chat sends when ready', () => {
    bubble({ name: 'Juniper Hale' }).open();
    expect(frames()[0]?.title).toBe('Chat with Juniper Hale');
    destroy();

    const widget = bubble({ preload: false });
    widget.open();
    widget.close();
    const frame = frames()[0]!;
    const launcher = launchers()[0]!;
    expect(launcher.getAttribute('aria-label')).toBe('Open chat');
    fromFrame(frame, msg('ready', { name: 'Juniper Hale' }));
    expect(frame.title).toBe('Chat with Juniper Hale');
    expect(launcher.getAttribute('aria-label')).toBe('Open chat with Juniper Hale');
    widget.open();
    expect(launcher.getAttribute('aria-label')).toBe('Close chat');
    widget.close();
    expect(launcher.getAttribute('aria-label')).toBe('Open chat with Juniper Hale');
    // A name the host gave is kept.
    destroy();
    bubble({ name: 'Juniper' }).open();
    fromFrame(frames()[0]!, msg('ready', { name: 'Juniper Hale' }));
    expect(frames()[0]!.title).toBe('Chat with Juniper');
  });

  it('launcher: false leaves the launcher out; the host opens the popup, which gives focus back to the opener', () => {
    const own = document.createElement('button');
    own.textContent = 'Ask Juniper';
    document.body.append(own);
    const widget = bubble({ launcher: false });
    expect(launchers()).toHaveLength(0);
    own.focus();
    own.onclick = () => widget.toggle();
    own.click();
    expect(widget.isOpen).toBe(true);
    const frame = frames()[0]!;
    expect(frame.parentElement!.hidden).toBe(false);
    expect(document.activeElement).toBe(frame);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(widget.isOpen).toBe(false);
    expect(frame.parentElement!.hidden).toBe(true);
    expect(document.activeElement).toBe(own);
    own.remove();
  });

  it('toggles: the launcher becomes a close button, the popup hides and shows without a second iframe', () => {
    bubble();
    const button = launchers()[0]!;
    const before = button.innerHTML;
    button.click();
    expect(button.getAttribute('aria-label')).toBe('Close chat');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.innerHTML).not.toBe(before);
    const box = frames()[0]!.parentElement!;
    expect(box.hidden).toBe(false);
    button.click();
    expect(box.hidden).toBe(true);
    expect(button.getAttribute('aria-label')).toBe('Open chat');
    toggle();
    expect(box.hidden).toBe(false);
    expect(frames()).toHaveLength(1);
  });

  it('Escape on the page closes the popup', () => {
    const widget = bubble();
    widget.open();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(widget.isOpen).toBe(true);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(widget.isOpen).toBe(false);
  });

  it('the popup takes focus on open and gives it back to the launcher on close', () => {
    const widget = bubble();
    widget.open();
    const frame = frames()[0]!;
    expect(document.activeElement).toBe(frame);
    widget.close();
    expect(document.activeElement).toBe(launchers()[0]);
  });

  it('emits open and close to handlers and as doppel:* CustomEvents on window', () => {
    const seen: string[] = [];
    on('open', (e) => seen.push(`on:${e.type}:${e.id}`));
    const widget = bubble({ id: 'help' });
    widget.on('close', (e) => seen.push(`widget:${e.type}`));
    const listener = (e: Event) => seen.push(`event:${e.type}:${(e as CustomEvent).detail.id}`);
    window.addEventListener('doppel:open', listener);
    window.addEventListener('doppel:close', listener);
    open('help');
    widget.close();
    window.removeEventListener('doppel:open', listener);
    window.removeEventListener('doppel:close', listener);
    expect(seen).toEqual([
      'on:open:help',
      'event:doppel:open:help',
      'widget:close',
      'event:doppel:close:help',
    ]);
  });

  it('with preload, creates the (hidden) iframe when the browser is idle', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    bubble({ preload: true });
    expect(frames()).toHaveLength(0);
    expect(idle).toHaveLength(1);
    idle[0]!();
    expect(frames()).toHaveLength(1);
    expect(frames()[0]!.parentElement!.hidden).toBe(true);
  });

  it('without requestIdleCallback, preload falls back to a timer', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    bubble({ preload: true });
    expect(frames()).toHaveLength(0);
    vi.runAllTimers();
    expect(frames()).toHaveLength(1);
    vi.useRealTimers();
  });

  it('is full screen under 640 px: 100vw × 100dvh (the popup rule under a max-width 639.9px query)', () => {
    vi.stubGlobal('innerWidth', 375);
    bubble().open();
    const media = sheets()
      .flatMap((s) => [...s.cssRules])
      .filter(
        (r): r is CSSMediaRule => r instanceof CSSMediaRule && /max-width: ?639\.9px/.test(r.conditionText),
      );
    const popup = media
      .flatMap((m) => [...m.cssRules])
      .find((r): r is CSSStyleRule => r instanceof CSSStyleRule && r.selectorText === '.doppel-bubble');
    expect(popup?.style.width).toBe('100vw');
    expect(popup?.style.height).toBe('100dvh');
    expect(popup?.style.getPropertyValue('inset')).toBe('0');
    // The open launcher steps aside there: the chat's own close button closes it.
    const launcher = media
      .flatMap((m) => [...m.cssRules])
      .find(
        (r): r is CSSStyleRule => r instanceof CSSStyleRule && r.selectorText.startsWith('.doppel-launcher'),
      );
    expect(launcher?.selectorText).toBe('.doppel-launcher[aria-expanded=true]');
    expect(launcher?.style.display).toBe('none');
    const box = frames()[0]!.parentElement!;
    expect(box.matches('.doppel-bubble')).toBe(true);
  });

  it('about 400 × 640 on desktop', () => {
    bubble().open();
    expect(adoptedCss()).toMatch(/\.doppel-bubble \{[^}]*width: 400px; height: min\(640px, ?100vh - 108px\)/);
  });
});
