/** Test helpers: play the iframe's side of the bridge against the host loader in jsdom. */
import { vi } from 'vitest';

export const APP = 'https://app.doppel.test';
export const HOST = 'http://localhost:3000';

export const frames = () => [...document.querySelectorAll('iframe')];
export const launchers = () => [...document.querySelectorAll<HTMLButtonElement>('button.doppel-launcher')];
/** The stylesheets the loader adopted into the page (it adds no `<style>` element). */
export const sheets = () => [...document.adoptedStyleSheets];
/** Every rule of the adopted stylesheets, as CSS text. */
export const adoptedCss = () =>
  sheets()
    .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
    .join('\n');

/** A message as the chat would post it. */
export const msg = (type: string, payload?: object, id = '') => ({ ns: 'doppel', v: 1, type, id, payload });

/** Delivers `data` to the host page as if posted by `source` from `origin` (default: the frame, the app). */
export function fromFrame(
  frame: HTMLIFrameElement,
  data: unknown,
  { origin = APP, source = frame.contentWindow as Window | null } = {},
) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

/** Records what the host posts into a frame. */
export function spyFrame(frame: HTMLIFrameElement) {
  const win = frame.contentWindow!;
  return vi.spyOn(win, 'postMessage').mockImplementation(() => {});
}

/** Counts live listeners added to `target` (add minus remove, by type and function). */
export function countListeners(target: EventTarget) {
  const live = new Set<string>();
  const fns = new Map<EventListenerOrEventListenerObject, number>();
  const key = (type: string, fn: EventListenerOrEventListenerObject | null) => {
    if (!fn) return '';
    if (!fns.has(fn)) fns.set(fn, fns.size);
    return `${type}#${fns.get(fn)}`;
  };
  const addOriginal = target.addEventListener;
  const removeOriginal = target.removeEventListener;
  const add = vi.spyOn(target, 'addEventListener').mockImplementation(function (
    this: EventTarget,
    type,
    fn,
    o,
  ) {
    live.add(key(type, fn));
    return addOriginal.call(this, type, fn, o);
  });
  const remove = vi.spyOn(target, 'removeEventListener').mockImplementation(function (
    this: EventTarget,
    type,
    fn,
    o,
  ) {
    live.delete(key(type, fn));
    return removeOriginal.call(this, type, fn, o);
  });
  return {
    get live() {
      return [...live];
    },
    restore() {
      add.mockRestore();
      remove.mockRestore();
    },
  };
}
