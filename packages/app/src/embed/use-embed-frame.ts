/**
 * @module What the embedded chat does as a framed page (docs/embed-lifecycle.md, "What the iframe
 * side needs to do"): `ready` once usable, the prompt focused when shown, `request-close` on
 * Escape in bubble mode, and `resize` with the chat's natural height.
 */
import { useEffect, useRef } from 'react';
import { prefersTouch } from '../chat';
import type { EmbedBridge } from './bridge';

/** Wires the chat's root element to the host; answers the ref for that element. The component must track signals. */
export function useEmbedFrame(bridge: EmbedBridge, cloneName: string, promptFocused: boolean) {
  const root = useRef<HTMLDivElement>(null);
  const { open, mode } = bridge.state.value;

  // The chat is usable: tell the host (once), with the clone's name for its `ready` event.
  useEffect(() => {
    bridge.send('ready', { name: cloneName });
  }, [bridge, cloneName]);

  // Shown by the host: the prompt takes focus (not on touch screens: the keyboard would cover it);
  // so does it when it had focus while the chat loaded, with the caret after what was typed.
  useEffect(() => {
    if ((!open || prefersTouch()) && !promptFocused) return;
    const input = root.current?.querySelector<HTMLTextAreaElement>('.composer-input');
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
  }, [open, promptFocused]);

  // Bubble mode: Escape asks the host to close (unless a dialog or menu takes it first).
  useEffect(() => {
    if (mode !== 'bubble') return;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="menu"]')) return;
      bridge.send('request-close');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mode, bridge]);

  // Inline widgets with autoHeight follow the chat's natural height: header, content, prompt.
  useEffect(() => {
    const element = root.current;
    const column = element?.querySelector('.chat-column');
    const dock = element?.querySelector('.embed-dock');
    const header = element?.querySelector('.embed-header');
    if (!element || !column || !dock || !header) return;
    const height = (el: Element): number => el.getBoundingClientRect().height;
    return bridge.observeHeight([column, dock, header], () => height(header) + height(column) + height(dock));
  }, [bridge]);

  return root;
}
