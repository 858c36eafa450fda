/**
 * What ships, as built: dist/embed.js run as a page would run it (its script tag's
 * attributes, the snippet's queue), dist/embed-frame.js loaded on the first open, and the
 * byte budget.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP, adoptedCss, frames, fromFrame, launchers, msg, sheets, spyFrame } from './test/bridge';

// jsdom's URL is not node's: paths, not URL objects, for fs.
const read = (file: string) =>
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', file), 'utf8');
const embedJs = read('dist/embed.js');
const frameJs = read('dist/embed-frame.js');
const snippet = read('snippet.txt');
const { version } = JSON.parse(read('package.json'));

type Global = ((...args: unknown[]) => unknown) &
  Record<string, (...args: unknown[]) => unknown> & { version: string };
const Doppel = () => (window as unknown as { Doppel: Global }).Doppel;

/** Runs `code` as the script element `script` (what `document.currentScript` answers meanwhile). */
function runAs(script: HTMLScriptElement, code: string) {
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  try {
    new Function(code)();
  } finally {
    Reflect.deleteProperty(document, 'currentScript');
  }
}

/** Runs embed.js from `src` with these `data-*` attributes (and nonce). */
function loadEmbed(data: Record<string, string> = {}, { src = `${APP}/embed.js`, nonce = '' } = {}) {
  const script = document.createElement('script');
  script.setAttribute('src', src);
  script.nonce = nonce;
  for (const [key, value] of Object.entries(data)) script.setAttribute(`data-${key}`, value);
  runAs(script, embedJs);
}

const pendingPart = () => document.head.querySelector<HTMLScriptElement>('script[src*="embed-frame.js"]');

/** Plays the browser: runs the embed-frame.js that embed.js asked for, then fires its load event. */
function loadPart() {
  const part = pendingPart();
  if (!part) throw new Error('embed.js did not ask for embed-frame.js');
  runAs(part, frameJs);
  part.dispatchEvent(new Event('load'));
}

afterEach(() => {
  Doppel()?.destroy?.();
  Reflect.deleteProperty(window, 'Doppel');
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('embed.js, configured by its script tag', () => {
  it('data-clone alone: a bubble for the app it was loaded from', () => {
    loadEmbed({ clone: 'ada' });
    expect(launchers()).toHaveLength(1);
    expect(frames()).toHaveLength(0);
    expect(pendingPart()).toBeNull();
    launchers()[0]!.click();
    expect(pendingPart()!.src).toBe(`${APP}/embed-frame.js?v=${version}`);
    loadPart();
    expect(pendingPart()).toBeNull();
    expect(frames()[0]!.src).toBe(`${APP}/embed/ada?parent=${encodeURIComponent(location.origin)}`);
    expect(frames()[0]!.parentElement!.hidden).toBe(false);
  });

  it('data-mode inline, data-target, data-instance, data-config, data-auto-height, data-id', () => {
    const chat = document.createElement('section');
    chat.id = 'chat';
    document.body.append(chat);
    loadEmbed({
      clone: 'ada',
      mode: 'inline',
      target: '#chat',
      instance: 'pro',
      config: 'c1',
      'auto-height': '',
      id: 'side',
    });
    loadPart();
    const frame = chat.querySelector('iframe')!;
    expect(frame.src).toBe(`${APP}/embed/ada/pro?parent=${encodeURIComponent(location.origin)}&config=c1`);
    const sent = spyFrame(frame);
    fromFrame(frame, msg('hello'));
    expect(sent.mock.calls[0]![0]).toMatchObject({
      type: 'welcome',
      id: 'side',
      payload: { mode: 'inline', config: 'c1' },
    });
    fromFrame(frame, msg('resize', { height: 500 }));
    expect(frame.parentElement!.style.height).toBe('500px');
  });

  it("data-preload='false' is off; data-preload is on", () => {
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => {
      fn();
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => {});
    loadEmbed({ clone: 'ada', preload: 'false' });
    expect(pendingPart()).toBeNull();
    Doppel().destroy!();
    loadEmbed({ clone: 'bob', preload: '' });
    loadPart();
    expect(frames()).toHaveLength(1);
    expect(frames()[0]!.parentElement!.hidden).toBe(true);
    Doppel().destroy!();
    vi.unstubAllGlobals();
  });

  it('data-origin overrides the app origin; the part still comes from beside embed.js', () => {
    loadEmbed(
      { clone: 'ada', origin: 'https://chat.example.test' },
      { src: 'https://cdn.example.test/doppel/embed.js' },
    );
    Doppel().open!();
    expect(pendingPart()!.src).toBe(`https://cdn.example.test/doppel/embed-frame.js?v=${version}`);
    loadPart();
    expect(frames()[0]!.src.startsWith('https://chat.example.test/embed/ada?')).toBe(true);
  });

  it("the script tag's nonce goes on embed-frame.js; the styles are adopted sheets, no <style> a strict CSP would refuse", () => {
    loadEmbed({ clone: 'ada' }, { nonce: 'n0nce' });
    Doppel().open!();
    expect(pendingPart()!.nonce).toBe('n0nce');
    loadPart();
    expect(document.querySelectorAll('style, link[rel=stylesheet], [style]')).toHaveLength(0);
    expect(sheets()).toHaveLength(2);
    expect(adoptedCss()).toContain('.doppel-launcher');
    expect(adoptedCss()).toContain('.doppel-bubble');
  });

  it('data-launcher="false": no launcher, the host opens the chat itself', () => {
    loadEmbed({ clone: 'ada', launcher: 'false' });
    expect(launchers()).toHaveLength(0);
    Doppel()('open');
    loadPart();
    expect(frames()[0]!.parentElement!.hidden).toBe(false);
    Doppel().destroy!();
    loadEmbed({ clone: 'ada', launcher: '' });
    expect(launchers()).toHaveLength(1);
  });

  it('without data-clone, starts nothing but installs Doppel', () => {
    loadEmbed();
    expect(launchers()).toHaveLength(0);
    expect(Doppel().version).toBe(version);
  });
});

describe('the two-line snippet', () => {
  const stub = () => new Function(snippet.match(/<script>(.*)<\/script>/)![1]!.replace('SLUG', 'ada'))();

  it('queues calls before embed.js loads and replays them in order', () => {
    stub();
    const seen: string[] = [];
    const g = Doppel();
    g('on', 'open', (e: { id: string }) => seen.push(`open ${e.id}`));
    g('init', { clone: 'bob', id: 'second', mode: 'inline', target: '#nowhere' });
    g('prefill', 'Hello!', 'doppel-1');
    g('open', 'doppel-1');
    expect(g.q).toHaveLength(5);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    loadEmbed({}, { src: `${APP}/embed.js` });
    expect(seen).toEqual(['open second', 'open doppel-1']);
    loadPart();
    const frame = frames().find((f) => f.src.includes('/embed/ada'))!;
    const sent = spyFrame(frame);
    fromFrame(frame, msg('hello'));
    expect(sent.mock.calls[0]![0]).toMatchObject({
      type: 'welcome',
      id: 'doppel-1',
      payload: { prefill: 'Hello!', open: true },
    });
  });

  it('a queued call that fails is reported and the rest still run', () => {
    stub();
    Doppel()('no-such-method');
    Doppel()('init', {});
    Doppel()('open');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    loadEmbed();
    expect(error).toHaveBeenCalledTimes(2);
    expect(launchers()).toHaveLength(1);
    expect(launchers()[0]!.getAttribute('aria-expanded')).toBe('true');
  });

  it('after loading, Doppel stays callable the snippet way and has methods', () => {
    stub();
    loadEmbed();
    Doppel()('open');
    expect(launchers()[0]!.getAttribute('aria-expanded')).toBe('true');
    Doppel().close!();
    expect(launchers()[0]!.getAttribute('aria-expanded')).toBe('false');
    expect(Object.keys(Doppel()).sort()).toEqual(
      ['close', 'destroy', 'init', 'off', 'on', 'open', 'prefill', 'toggle', 'version'].sort(),
    );
  });
});

describe('two script tags on one page', () => {
  it('share one Doppel: two widgets, one registry', () => {
    loadEmbed({ clone: 'ada' });
    const first = Doppel();
    const chat = document.createElement('div');
    chat.id = 'chat';
    document.body.append(chat);
    loadEmbed({ clone: 'bob', mode: 'inline', target: '#chat' });
    expect(Doppel()).toBe(first);
    loadPart();
    expect(launchers()).toHaveLength(1);
    expect(chat.querySelector('iframe')!.src).toContain('/embed/bob?');
    // A third tag from another Doppel talks to its own app.
    loadEmbed({ clone: 'cy', id: 'other', mode: 'fullpage' }, { src: 'https://other.doppel.test/embed.js' });
    expect(frames().at(-1)!.src.startsWith('https://other.doppel.test/embed/cy?')).toBe(true);
    Doppel().destroy!();
    expect(launchers()).toHaveLength(0);
    expect(frames()).toHaveLength(0);
    expect(document.querySelectorAll('style')).toHaveLength(0);
    expect(sheets()).toHaveLength(0);
  });
});

describe('embed-frame.js', () => {
  it('a part that fails to load is reported, and the next open tries again', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    loadEmbed({ clone: 'ada' });
    Doppel().open!();
    pendingPart()!.dispatchEvent(new Event('error'));
    expect(error).toHaveBeenCalledWith('Doppel: could not load', `${APP}/embed-frame.js?v=${version}`);
    expect(pendingPart()).toBeNull();
    Doppel().close!();
    Doppel().open!();
    loadPart();
    expect(frames()).toHaveLength(1);
  });

  it('a widget destroyed while the part loads does not come back', () => {
    loadEmbed({ clone: 'ada' });
    Doppel().open!();
    Doppel().destroy!();
    loadPart();
    expect(frames()).toHaveLength(0);
    expect(sheets()).toHaveLength(0);
  });
});

describe('what the host page downloads before the first open', () => {
  it('fits the budget: the snippet plus embed.js, at most 2,048 bytes gzipped', () => {
    const gz = (text: string) => gzipSync(text, { level: 9 }).length;
    const page = snippet.replace('SLUG', 'demo').replace('HOST', 'doppel.example.com');
    expect(gz(page) + gz(embedJs)).toBeLessThanOrEqual(2048);
  });

  it('has no framework, no zod, no messaging library, and never targets "*"', () => {
    for (const code of [embedJs, frameJs]) {
      expect(code).not.toMatch(/zod|postmate|comlink|react|"\*"|'\*'/i);
    }
  });
});
