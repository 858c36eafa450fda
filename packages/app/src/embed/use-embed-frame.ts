/**
 * @module What the embedded chat does as a framed page (docs/embed-lifecycle.md, "What the iframe
 * side needs to do"): `ready` once usable, the prompt focused when the popup is opened,
 * `request-close` on Escape in bubble mode, and `resize` with the chat's height, which only grows.
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

  // A popup opened (the host gives the frame focus as it opens it, like a dialog): the prompt
  // takes focus (not on touch screens: the keyboard would cover it); so does it when it had focus
  // while the chat loaded, with the caret after what was typed. An inline or full-page chat never
  // takes focus by itself: focus moved into a frame leaves the host page (its keys would type
  // here) and scrolls it to the widget (issue 9). The visitor's own click or Tab brings it in.
  useEffect(() => {
    const popup = open && mode === 'bubble' && !prefersTouch();
    if (!popup && !promptFocused) return;
    const input = root.current?.querySelector<HTMLTextAreaElement>('.composer-input');
    input?.focus({ preventScroll: true });
    input?.setSelectionRange(input.value.length, input.value.length);
  }, [open, mode, promptFocused]);

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

  // Inline widgets with autoHeight follow the chat's natural height (header, content, prompt)
  // as it grows, and never shrink: the introduction is taller than a first question and its
  // answer, and a box that jumps from 680 to 467 px under the visitor's eyes is worse than room
  // the next answers fill.
  useEffect(() => {
    const element = root.current;
    const column = element?.querySelector('.chat-column');
    const dock = element?.querySelector('.embed-dock');
    const header = element?.querySelector('.embed-header');
    if (!element || !column || !dock || !header) return;
    const height = (el: Element): number => el.getBoundingClientRect().height;
    let tallest = 0;
    return bridge.observeHeight([column, dock, header], () => {
      tallest = Math.max(tallest, height(header) + height(column) + height(dock));
      return tallest;
    });
  }, [bridge]);

  return root;
}
