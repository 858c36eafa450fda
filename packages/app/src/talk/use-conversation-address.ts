/**
 * @module The talk page's address and its conversation kept in step (spec/chat.md §2): the
 * conversation in the URL is opened, the talk URL without one starts over, a conversation the
 * first send created moves the address to it, and one the controller left (sign-out) moves it
 * back to the talk URL.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { ConversationController } from '../conversation';
import { conversationUrl, talkUrl } from '../routes';

/** Keeps the address and `controller` in step; answers how the history drawer goes to a conversation. */
export function useConversationAddress(
  controller: ConversationController,
  slug: string,
  instanceSlug: string | null,
  conversationId: string | null,
): (id: string | null) => void {
  const [, navigate] = useLocation();
  const switching = useRef(false);

  useEffect(() => {
    if (conversationId) {
      void controller.open(conversationId, switching.current);
      switching.current = false;
    } else if (controller.chat.conversation.peek()) controller.startOver();
  }, [conversationId, controller]);

  const current = controller.chat.conversation.value?.id ?? null;
  const previous = useRef(current);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the controller's conversation only.
  useEffect(() => {
    const was = previous.current;
    previous.current = current;
    if (current && current !== conversationId) {
      navigate(conversationUrl(slug, instanceSlug, current), { replace: true });
    } else if (!current && was && was === conversationId && controller.chat.loadState.peek() === 'idle') {
      navigate(talkUrl(slug, instanceSlug));
    }
  }, [current]);

  return (id) => {
    if (id === null) navigate(talkUrl(slug, instanceSlug));
    else if (id !== controller.chat.conversation.peek()?.id) {
      switching.current = true;
      navigate(conversationUrl(slug, instanceSlug, id));
    }
  };
}
