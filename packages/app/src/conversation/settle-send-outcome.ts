/**
 * @module What a conversation does with the outcome of one send (spec/chat.md §4, §7, §8): usage
 * adjusted on completion, the cancel warning, a refused send (402) handed to the paywall with the
 * draft restored, the failure toasts.
 */
import { RESPONSE_CANCELLED } from '@doppel/core';
import type { Signal } from '@preact/signals-core';
import type { SendOutcome } from '../chat/chat-store';
import type { UsageStore } from '../session/usage-store';
import type { Notifier } from './notifier';

/** Where a message came from; only the prompt's own send clears the prompt. */
export type SendSource = 'prompt' | 'suggested' | 'initial' | 'early';

export interface SendOutcomeContext {
  text: string;
  source: SendSource;
  draft: Signal<string>;
  usage: Pick<UsageStore, 'recordMessage' | 'refresh' | 'set'>;
  notify: Notifier;
  /** Opens the paywall (or sign-in) for a reached limit; 'none' when there is none to show. */
  openPaywall: () => string;
  /** After a refused send: the embed tells its host; answers whether it has a say of its own. */
  onRefused: () => boolean;
}

/** Settles `outcome` for the visitor. */
export function settleSendOutcome(outcome: SendOutcome, context: SendOutcomeContext): void {
  const { text, source, draft, usage, notify } = context;
  const restoreDraft = (): void => {
    if (draft.peek() === '') draft.value = text.trim();
  };
  if (outcome.status === 'sent') {
    usage.recordMessage();
    void usage.refresh();
  } else if (outcome.status === 'cancelled') {
    notify.warning(RESPONSE_CANCELLED);
    // The message was accepted and answered in part: it stays charged (docs/http-api.md, Stop).
    void usage.refresh();
  } else if (outcome.status === 'failed' && outcome.failure === 'usage') {
    // 402: no error toast; the draft comes back and the paywall (or sign-in) takes over.
    restoreDraft();
    if (outcome.usage) usage.set(outcome.usage);
    else void usage.refresh();
    const handled = context.onRefused();
    // Without a paywall to show (e-mail not required), say why nothing was sent.
    if (context.openPaywall() === 'none' && !handled) notify.error('Unable to send message', outcome.error);
  } else if (outcome.status === 'failed') {
    const title =
      source === 'suggested' || outcome.failure === 'conversation'
        ? 'Unable to send message'
        : 'Failed to process message.';
    notify.error(title, outcome.error);
    // spec/chat.md §7: on a non-OK response the draft text is restored.
    if (outcome.restoreDraft) restoreDraft();
  }
}
