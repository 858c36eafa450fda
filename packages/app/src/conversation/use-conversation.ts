/**
 * @module The thin React layer over the conversation controller (the AI SDK's `useChat`): one
 * controller per clone page, connected while the view is mounted; components read its signals.
 */
import { type DependencyList, useEffect, useMemo, useRef } from 'react';
import type { ConversationController } from './conversation-controller';

/**
 * The controller `create` makes (again when `deps` change), connected while mounted; the answer in
 * flight is aborted when the view goes away (not on React's StrictMode re-run).
 */
export function useConversation(
  create: () => ConversationController,
  deps: DependencyList,
): ConversationController {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the controller is made of.
  const controller = useMemo(create, deps);
  const live = useRef<ConversationController | null>(null);
  useEffect(() => {
    live.current = controller;
    const disconnect = controller.connect();
    return () => {
      disconnect();
      live.current = null;
      setTimeout(() => {
        if (live.current !== controller) controller.dispose();
      }, 0);
    };
  }, [controller]);
  return controller;
}
