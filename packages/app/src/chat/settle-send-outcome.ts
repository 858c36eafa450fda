/**
 * @module What the screen does with the outcome of one send (spec/chat.md §4, §7, §8), for the
 * talk page and the embedded chat alike: usage adjusted on completion, the cancel warning,
 * a refused send (402) handed to the paywall with the draft restored, the failure toasts.
 */
import { RESPONSE_CANCELLED } from '@doppel/core';
import type { Usage } from '@doppel/protocol';
import type { Dispatch, SetStateAction } from 'react';
import { toast } from 'sonner';
import type { SendOutcome } from './chat-store';

/** Where a message came from; only the prompt's own send clears the prompt. */
export type SendSource = 'prompt' | 'suggested' | 'initial' | 'early';

export interface SendOutcomeContext {
  text: string;
  source: SendSource;
  setDraft: Dispatch<SetStateAction<string>>;
  usage: { recordMessage(): void; refresh(): Promise<unknown>; set(usage: Usage): void };
  /** Opens the paywall (or sign-in) for a reached limit; 'none' when there is none to show. */
  openPaywall: () => string;
  /** After a refused send: the embed tells its host; answers whether it has a say of its own. */
  onRefused?: () => boolean;
}

export function settleSendOutcome(outcome: SendOutcome, context: SendOutcomeContext): void {
  const { text, source, setDraft, usage } = context;
  const restoreDraft = (): void => setDraft((current) => (current === '' ? text.trim() : current));
  if (outcome.status === 'sent') {
    usage.recordMessage();
    void usage.refresh();
  } else if (outcome.status === 'cancelled') {
    toast.warning(RESPONSE_CANCELLED);
  } else if (outcome.status === 'failed' && outcome.failure === 'usage') {
    // 402: no error toast; the draft comes back and the paywall (or sign-in) takes over.
    restoreDraft();
    if (outcome.usage) usage.set(outcome.usage);
    else void usage.refresh();
    const handled = context.onRefused?.() ?? false;
    // Without a paywall to show (e-mail not required), say why nothing was sent.
    if (context.openPaywall() === 'none' && !handled) {
      toast.error('Unable to send message', { description: outcome.error });
    }
  } else if (outcome.status === 'failed') {
    const title =
      source === 'suggested' || outcome.failure === 'conversation'
        ? 'Unable to send message'
        : 'Failed to process message.';
    toast.error(title, { description: outcome.error });
    // spec/chat.md §7: on a non-OK response the draft text is restored.
    if (outcome.restoreDraft) restoreDraft();
  }
}
