/**
 * @module One widget's iframe side, joined on first open: the box, the iframe and the host
 * half of the bridge (docs/embed-lifecycle.md). embed.js loads it as embed-frame.js; the ESM
 * module links it directly. Only the popup takes focus, when it is opened; an inline or
 * full-page chat waits for the visitor (issue 9).
 */
import type { Attach, FramePart } from './core.js';
import { FRAME_CSS } from './frame-styles.js';
import { FRAME_TYPES, type HostType, NS, V } from './names.js';
import { addStyle } from './styles.js';

const enc = encodeURIComponent;
/** Removes the box's stylesheet. */
let unstyle: (() => void) | undefined;
let parts = 0;

export const attach: Attach = (context) => {
  const { id, origin, mode, shown, show, emit, button } = context;
  const o = context.o;
  const d = document;
  const t = mode === 'inline' ? o.target : d.body;
  const host = typeof t === 'string' ? d.querySelector(t) : t;
  /** Host → iframe commands waiting for the iframe's `hello`. */
  const queue: HostType[] = [];
  let prefill = o.prefill;
  let ready = 0;
  /** What had focus when the popup opened: it gets focus back (the launcher, or the host's own button). */
  let opener: HTMLElement | null = null;

  unstyle ||= addStyle(FRAME_CSS);
  parts++;
  const box = d.createElement('div');
  box.className = `doppel doppel-${mode}`;
  box.hidden = !shown();
  // Busy (and "Loading…") until the iframe's page has loaded: the chat's own paint covers the
  // text sooner; a refusal (403, frame-ancestors) is shown without it.
  box.setAttribute('aria-busy', 'true');
  const frame = d.createElement('iframe');
  frame.src = `${origin}/embed/${enc(o.clone)}${o.instance ? `/${enc(o.instance)}` : ''}${o.page === 'call' ? '/call' : ''}?parent=${enc(location.origin)}${o.config ? `&config=${enc(o.config)}` : ''}`;
  /** The iframe's accessible name, and the launcher's: the clone's name once known. */
  const name = (clone?: string) => {
    frame.title = clone ? `Chat with ${clone}` : 'Chat';
    if (clone && button && !shown()) button.setAttribute('aria-label', `Open chat with ${clone}`);
  };
  name(o.name);
  frame.onload = () => box.removeAttribute('aria-busy');
  frame.setAttribute('allow', 'microphone; camera; autoplay; clipboard-write');
  box.append(frame);
  if (host) host.append(box);
  else console.error('Doppel: no element matches target', t);

  // Only ever to our own iframe's window, at the app's origin: never "*".
  const post = (type: HostType, payload?: object) =>
    frame.contentWindow?.postMessage({ ns: NS, v: V, type, id, payload }, origin);
  const command = (type: HostType) => (ready ? post(type) : queue.push(type));

  const onMessage = ({ data: m, source, origin: from }: MessageEvent) => {
    // Only our own iframe's window at the app's origin (DESIGN §5), then only our namespace,
    // our version, a known type and an object payload; anything else is dropped silently.
    if (source !== frame.contentWindow || from !== origin || m?.ns !== NS || m.v !== V) return;
    const type = m.type;
    const p = m.payload ?? {};
    if (!FRAME_TYPES.includes(type) || typeof p !== 'object' || !p) return;
    if (type === 'hello') {
      // Every load of the chat says hello (a reload too): answer, then flush the queue.
      ready = 1;
      post('welcome', { mode, config: o.config, prefill, open: shown() });
      prefill = undefined;
      for (const c of queue.splice(0)) post(c);
    } else if (type === 'resize') {
      const h = p.height;
      if (o.autoHeight && typeof h === 'number' && h >= 0 && h < 1e5) {
        box.style.height = box.style.minHeight = `${h}px`;
      }
    } else if (type === 'open') show(true);
    else if (type === 'close' || type === 'request-close') show(false);
    else if (type !== 'voice-exhausted' || typeof p.configId === 'string') {
      if (type === 'ready') {
        box.removeAttribute('aria-busy');
        // The chat knows the clone's name: the launcher and the iframe are named after it, unless
        // the host named it itself.
        if (!context.o.name && typeof p.name === 'string' && p.name) {
          context.o.name = p.name;
          name(p.name);
        }
      }
      emit(type, p);
      if (/exhausted/.test(type)) {
        // spec/calls.md §1, §4; spec/chat.md §7: the limit events also reach the top window
        // as window messages, posted to our own origin: to the top window when it is ours to
        // reach, else to this one.
        let target: Window = window;
        try {
          target = top!.document && top!;
        } catch {}
        target.postMessage(
          type[0] === 't' ? `doppel:${type}` : { type, configId: p.configId },
          location.origin,
        );
      }
    }
  };
  window.addEventListener('message', onMessage);
  // Escape on the host page closes the popup (inside the chat, the chat posts request-close).
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && mode === 'bubble' && shown()) show(false);
  };
  d.addEventListener('keydown', onKey);

  const part: FramePart = {
    show(open) {
      box.hidden = !open;
      command(open ? 'open' : 'close');
      // The popup takes focus; closing it gives focus back to the launcher, or to what opened it.
      if (mode === 'bubble') {
        if (open) {
          opener = d.activeElement as HTMLElement | null;
          frame.focus();
        } else if (d.activeElement === frame) (button || opener)?.focus();
      }
    },
    prefill(text) {
      if (ready) post('prefill', { text });
      else prefill = text;
    },
    destroy() {
      window.removeEventListener('message', onMessage);
      d.removeEventListener('keydown', onKey);
      box.remove();
      if (!--parts) {
        unstyle!();
        unstyle = undefined;
      }
    },
  };
  // A bubble opened before the part arrived, inline and fullpage: shown from the start.
  if (shown()) part.show(true);
  return part;
};
