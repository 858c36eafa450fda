'use client';
// The site's own button opens the chat: no round launcher (`launcher: false`).
import { useDoppel } from '@doppel/react';
import { DOPPEL_URL } from './doppel';

export function AskButton() {
  const chat = useDoppel(
    { clone: 'demo', name: 'Juniper Hale', origin: DOPPEL_URL, launcher: false },
    (event) => {
      if (event.type === 'message-sent') console.info('Asked Juniper', event.conversationId);
    },
  );
  return (
    <button type="button" onClick={chat.toggle} aria-expanded={chat.isOpen}>
      {chat.isOpen ? 'Close the chat' : 'Ask Juniper a question'}
    </button>
  );
}
