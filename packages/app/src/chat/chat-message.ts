import type { Message, MessageReaction } from '@doppel/protocol';

/** How a message in the chat came to be. */
export type ChatMessageState =
  /** Stored on the server (loaded, or the final `message` event of a stream). */
  | 'stored'
  /** Sent by the visitor in this tab; the server stores it before the first token. */
  | 'sent'
  /** A clone answer the visitor stopped; the partial text is kept. */
  | 'cancelled'
  /** The fallback clone message shown after a failed answer (spec/chat.md §8). */
  | 'failed';

/** One message of the chat as the screen shows it. */
export interface ChatMessage {
  id: string;
  sender: 'USER' | 'CLONE';
  text: string;
  createdAt: string;
  hasSources: boolean;
  fromStudio: boolean;
  state: ChatMessageState;
  /** Files sent with a visitor's message (images are shown). */
  files: readonly { name: string; url: string }[];
  /** A stored answer that stopped before it was complete (the visitor stopped it, or left). */
  interrupted: boolean;
  /** The visitor's like or thumbs-down, as stored (issue 9 §12). */
  reaction: MessageReaction | null;
  /** The visitor saved this clone message (spec/chat.md §4 Save). */
  saved: boolean;
  /** Product links the answer carries (spec/chat.md §3 messageAffiliates). */
  affiliates: readonly { url: string; title: string; imageUrl: string | null }[];
}

/** The clone answer in flight: pending until the first token, then streaming. */
export interface ChatReply {
  phase: 'pending' | 'streaming';
  text: string;
  /** The message carried files: the pending indicator says 'Analyzing File' (spec/chat.md §2). */
  withFiles?: boolean;
}

/** A stored message as the chat shows it; SYSTEM indicator messages are not shown. */
export function toChatMessage(message: Message): ChatMessage | null {
  if (message.sender === 'SYSTEM') return null;
  return {
    id: message.id,
    sender: message.sender,
    text: message.text,
    createdAt: message.createdAt,
    hasSources: message.hasSources,
    fromStudio: message.fromStudio,
    state: 'stored',
    files: message.files,
    interrupted: message.interrupted,
    reaction: message.reaction,
    saved: message.saved,
    affiliates: message.messageAffiliates,
  };
}

let localCounter = 0;

/** A message made in this tab, before (or without) a server id. */
export function localMessage(
  sender: 'USER' | 'CLONE',
  text: string,
  state: ChatMessageState,
  now: number,
  files: readonly { name: string; url: string }[] = [],
): ChatMessage {
  localCounter += 1;
  return {
    id: `local-${now}-${localCounter}`,
    sender,
    text,
    createdAt: new Date(now).toISOString(),
    hasSources: false,
    fromStudio: false,
    state,
    files,
    interrupted: false,
    reaction: null,
    saved: false,
    affiliates: [],
  };
}
