/**
 * @module The greeting (spec/calls.md §7 greetUser): a signed-in visitor opts in to texts from a
 * clone on one channel. The link and a conversation of that medium are made, the opt-in recorded,
 * and the clone's first message sent and stored in the conversation. On Telegram a bot cannot
 * write first: the greeting goes out when the visitor opens the bot (inbound-text.ts), or at once
 * when this username's chat is already known. A refused WhatsApp greeting (WhatsApp lets a business
 * write first only with an approved template) waits the same way for the visitor's first message.
 */
import type { GreetResponse, TextMedium } from '@doppel/protocol';
import type { AppDeps } from '../deps';
import { describeError } from '../logger';
import type { CloneRow } from '../mappers/clone';
import type { UserRow } from '../mappers/user';
import { createConversation } from '../store/conversations';
import { insertCloneMessage } from '../store/messages';
import { writeOptIn } from '../store/relationships';
import { linkTextAddress, setTelegramUsername, type TextLinkRow, updateTextLink } from '../store/text-links';
import { sendText } from './send-text';
import { textMessages } from './text-messages';

/** The visitor id of a text conversation: the channel and address (the user owns it). */
export const textVisitorId = (medium: TextMedium, address: string) => `text:${medium}:${address}`;

/** Sends the greeting on the link and stores it in the link's conversation. */
export async function sendGreeting(deps: AppDeps, link: TextLinkRow): Promise<void> {
  const text = textMessages.greeting({ name: link.clone_name, slug: link.clone_slug });
  await sendText(deps, link, text);
  if (link.conversation_id) {
    await insertCloneMessage(deps.db, {
      conversationId: link.conversation_id,
      text,
      citations: [],
      interrupted: false,
    });
  }
  await updateTextLink(deps.db, link, { greeted_at: deps.clock.now() });
}

export interface GreetInput {
  user: UserRow;
  clone: Pick<CloneRow, 'id' | 'slug'>;
  medium: TextMedium;
  /** The number (international form) or Telegram username (lower-cased, no '@'). */
  address: string;
}

/** Opts the user in and greets them; throws when the provider could not send the greeting. */
export async function greetVisitor(deps: AppDeps, input: GreetInput): Promise<GreetResponse> {
  const { db } = deps;
  const { user, clone, medium, address } = input;
  const link = await db.transaction(async (tx) => {
    const conversation = await createConversation(tx, {
      cloneId: clone.id,
      instanceId: null,
      medium,
      owner: { userId: user.id, visitorId: textVisitorId(medium, address), stateless: false },
    });
    const linked = await linkTextAddress(tx, {
      medium,
      address,
      userId: user.id,
      cloneId: clone.id,
      conversationId: conversation.id,
    });
    // The link kept its earlier conversation with this clone: the new one is not needed.
    if (linked.conversation_id !== conversation.id) {
      await tx.query('DELETE FROM conversations WHERE id = $1', [conversation.id]);
    }
    await writeOptIn(tx, user.id, clone.id, true);
    if (medium === 'TELEGRAM') await setTelegramUsername(tx, user.id, address);
    return linked;
  });
  let sent = medium !== 'TELEGRAM' || link.chat_id !== null;
  if (sent) {
    try {
      await sendGreeting(deps, link);
    } catch (error) {
      // WhatsApp lets a business write first only with an approved template: when the greeting is
      // refused, the visitor writes first and the clone greets them then (inbound-text.ts).
      if (medium !== 'WHATSAPP') throw error;
      deps.logger.warn(`the WhatsApp greeting to ${address} was refused: ${describeError(error)}`);
      sent = false;
    }
  }
  return {
    medium,
    sent,
    whatsappNumber: medium === 'WHATSAPP' ? deps.sms.whatsappNumber : null,
    telegramLink: medium === 'TELEGRAM' ? await deps.telegram.link(clone.slug) : null,
  };
}
