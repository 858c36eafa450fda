/**
 * @module The talk page's extra message actions (issue 10 §5, §6): the creator tools for a clone's
 * owners and the debug dialog for staff, each loaded on first use so visitors never download them.
 */
import { creatorToolsOffered } from '@doppel/core';
import { lazy, Suspense, useCallback } from 'react';
import type { ChatMessage } from '../chat';
import type { MessageToolsRenderer } from './message-tools';

const CreatorTools = lazy(() => import('../creator/creator-tools'));
const DebugButton = lazy(() => import('../staff/debug-button'));

/** The renderer the talk page provides, or null when this person gets no extra actions. */
export function useMessageTools(input: {
  owner: boolean;
  staff: boolean;
  messages: readonly ChatMessage[];
}): MessageToolsRenderer | null {
  const { owner, staff, messages } = input;
  const render = useCallback<MessageToolsRenderer>(
    (message, first) => {
      const stored = message.state === 'stored';
      const creator = creatorToolsOffered({
        owner,
        embedded: false,
        sender: message.sender,
        first,
        stored,
        fromStudio: message.fromStudio,
      });
      const debug = staff && stored;
      if (!creator && !debug) return null;
      const index = messages.findIndex((m) => m.id === message.id);
      const question =
        messages.slice(0, Math.max(index, 0)).findLast((m) => m.sender === 'USER')?.text ?? null;
      return (
        <Suspense fallback={null}>
          {creator && <CreatorTools messageId={message.id} text={message.text} question={question} />}
          {debug && <DebugButton messageId={message.id} />}
        </Suspense>
      );
    },
    [owner, staff, messages],
  );
  return owner || staff ? render : null;
}
