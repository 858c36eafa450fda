import { MESSAGE_COUNTER_FROM, MESSAGE_MAX_LENGTH } from '@doppel/protocol';

/** What the prompt says of its text's length. */
export interface MessageLength {
  /** Characters in the draft. */
  used: number;
  max: number;
  /** Near the limit: the counter shows. */
  showCounter: boolean;
  /** Past the limit: the draft cannot be sent. */
  over: boolean;
}

/**
 * The prompt's character count against the limit of one message.
 * Why: issue 9 §10 — the prompt shows a counter near MESSAGE_MAX_LENGTH and refuses past it,
 * the same limit the server's OutboundMessage schema enforces (400 otherwise).
 */
export function messageLength(text: string): MessageLength {
  const used = text.length;
  return {
    used,
    max: MESSAGE_MAX_LENGTH,
    showCounter: used >= MESSAGE_COUNTER_FROM,
    over: used > MESSAGE_MAX_LENGTH,
  };
}
