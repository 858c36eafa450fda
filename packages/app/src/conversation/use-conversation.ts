/**
 * @module The thin React layer over the conversation controller (the AI SDK's `useChat`): one
 * controller per clone page, made with the app's services and toasts, connected while the view is
 * mounted; components read its signals.
 */
import { type DependencyList, useEffect, useMemo, useRef } from 'react';
import { useServices } from '../services';
import {
  type ConversationController,
  type ConversationControllerOptions,
  createConversationController,
} from './conversation-controller';
import { toastNotifier } from './toast-notifier';

/** What a page says of its conversation; the app's services and toasts fill in the rest. */
export type PageConversationOptions = Omit<
  ConversationControllerOptions,
  'api' | 'session' | 'login' | 'notify' | 'botCheck'
>;

/**
 * The controller for `options` (made again when `deps` change), connected while mounted; the
 * answer in flight is aborted when the view goes away (not on React's StrictMode re-run).
 */
export function useConversation(
  options: PageConversationOptions,
  deps: DependencyList,
): ConversationController {
  const services = useServices();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what its options are made of.
  const controller = useMemo(
    () =>
      createConversationController({
        ...options,
        api: services.api,
        session: services.session,
        login: services.login,
        botCheck: services.botCheck,
        notify: toastNotifier,
      }),
    [services, ...deps],
  );
  const live = useRef<ConversationController | null>(null);
  useEffect(() => {
    live.current = controller;
    // A page that may send: the site's bot check is solved now, not when the visitor sends.
    services.botCheck?.warm();
    const disconnect = controller.connect();
    return () => {
      disconnect();
      live.current = null;
      setTimeout(() => {
        if (live.current !== controller) controller.dispose();
      }, 0);
    };
  }, [controller, services]);
  return controller;
}
