/** @module One text from the clone to a linked visitor, on the link's channel. */
import type { TextMedium } from '@doppel/protocol';
import type { AppDeps } from '../deps';

export interface TextAddress {
  medium: TextMedium;
  /** A number in international form, or a Telegram username. */
  address: string;
  /** The Telegram chat (null until the visitor opened the bot). */
  chat_id: string | null;
}

/** Sends `body` to the visitor; throws when the provider refuses or the Telegram chat is unknown. */
export async function sendText(
  { sms, telegram }: Pick<AppDeps, 'sms' | 'telegram'>,
  to: TextAddress,
  body: string,
): Promise<void> {
  if (to.medium === 'TELEGRAM') {
    if (!to.chat_id) throw new Error(`@${to.address} has not opened the bot yet`);
    await telegram.send({ chatId: to.chat_id, username: to.address }, body);
    return;
  }
  await sms.send({ medium: to.medium, to: to.address, body });
}
