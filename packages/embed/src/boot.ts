/**
 * @module embed.js: the IIFE creators paste. Installs `window.Doppel` (callable,
 * `Doppel('open')`, and with methods, `Doppel.open()`), starts the widget its own script tag
 * describes (`data-clone`, …), then replays the calls the snippet queued, in order. The
 * iframe side (embed-frame.js, beside embed.js) is loaded on the first open.
 */
import {
  type Attach,
  close,
  defaults,
  destroy,
  init,
  off,
  on,
  open,
  prefill,
  provide,
  toggle,
  version,
} from './core.js';

const api = { init, open, close, toggle, destroy, on, off, prefill, version };
type Api = typeof api;
type Global = ((method: keyof Api, ...args: unknown[]) => unknown) &
  Partial<Api> & { q?: Iterable<unknown>[] };

const w = window as unknown as { Doppel?: Global };
const d = document;
const script = d.currentScript as HTMLScriptElement | null;
const src = script?.src;
/** The app's origin by default: where this embed.js came from. */
const origin = src && new URL(src).origin;
const data = script?.dataset;
/** One failing call (a bad option) must not stop the ones after it. */
const run = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    console.error(e);
  }
};
const flag = (v?: string) => v != null && v !== 'false';
const stub = w.Doppel;

// A second embed.js on the page (two script tags) keeps the first one's `Doppel`.
if (!stub?.version) {
  defaults.origin = origin;
  defaults.nonce = script?.nonce;
  let loading = 0;
  defaults.load = () => {
    if (loading) return;
    loading = 1;
    const part = d.createElement('script');
    // The version in the URL keeps embed.js and its part in step across releases.
    part.src = new URL(`embed-frame.js?v=${version}`, src || location.href).href;
    part.nonce = defaults.nonce || '';
    part.onload = part.onerror = () => {
      loading = 0;
      part.remove();
      const fn = (part as HTMLScriptElement & { doppel?: Attach }).doppel;
      fn ? provide(fn) : console.error('Doppel: could not load', part.src);
    };
    d.head.append(part);
  };
  w.Doppel = Object.assign(
    (method: keyof Api, ...args: unknown[]) => (api[method] as (...a: unknown[]) => unknown)(...args),
    api,
  );
}
// Through the global: with two script tags, the second registers with the first's widgets
// (for the app it came from).
if (data?.clone) {
  const options = {
    origin,
    ...data,
    preload: flag(data.preload),
    autoHeight: flag(data.autoHeight),
    launcher: data.launcher !== 'false',
  };
  run(() => w.Doppel!('init', options));
}
for (const args of stub?.q || []) run(() => w.Doppel!(...([...args] as [keyof Api])));
