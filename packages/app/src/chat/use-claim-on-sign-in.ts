import { useEffect } from 'react';
import { claimConversation } from '../api';
import { session } from '../session';
import type { ChatStore } from './chat-store';

/** After sign-in the visitor's open conversation becomes the user's (spec/chat.md §4). */
export function useClaimOnSignIn(store: ChatStore): void {
  useEffect(
    () =>
      session.onSignIn(() => {
        const id = store.conversation.peek()?.id;
        if (id) claimConversation(id).catch(() => undefined);
      }),
    [store],
  );
}
