/**
 * @module A text from a visitor (Twilio's or Telegram's webhook, or the local inbound endpoint),
 * answered on the same channel. Keywords first (spec/calls.md §5): STOP opts out and is answered
 * once, HELP answers the help text, START opts in again; none of them is charged. A question is
 * charged one message in the statement that stores it (store/accept-message.ts, the chat's quota
 * rules), answered by the brain in the link's conversation and texted back; past the quota an
 * honest reply says so and nothing is stored. Texts from a stopped link get no answer.
 */
import type { AnswerEvent } from '@doppel/brain';
import { TEXT_REPLY_MAX, textKeyword, textReply } from '@doppel/core';
import type { TextMedium } from '@doppel/protocol';
import type { AppDeps } from '../deps';
import { describeError } from '../logger';
import { HISTORY_TURNS } from '../routes/messages';
import { acceptMessage } from '../store/accept-message';
import { createConversation } from '../store/conversations';
import { writeOptIn } from '../store/relationships';
import { storeAnswer } from '../store/stop-answer';
import { findTextLink, type TextLinkRow, updateTextLink } from '../store/text-links';
import { usageSubject } from '../store/usage-counters';
import { titleFromMessage } from '../streaming/title-from-message';
import { usagePeriod } from '../usage/period';
import { sendGreeting, textVisitorId } from './greet-visitor';
import { sendText } from './send-text';
import { textMessages } from './text-messages';

export interface InboundText {
  medium: TextMedium;
  /** The number in international form, or the Telegram username (lower-cased; null: none set). */
  address: string | null;
  text: string;
  /** Telegram: the chat the message came from. */
  chatId?: string;
}

/** Handles one inbound text; answers the replies sent (in order). */
export async function handleInboundText(deps: AppDeps, inbound: InboundText): Promise<string[]> {
  const { db, config, logger } = deps;
  const replies: string[] = [];
  const reply = async (to: Parameters<typeof sendText>[1], body: string) => {
    await sendText(deps, to, body);
    replies.push(body);
  };
  const { medium, address, text } = inbound;
  const chatId = inbound.chatId ?? null;

  if (medium === 'TELEGRAM' && chatId && address === null) {
    await reply({ medium, address: '', chat_id: chatId }, textMessages.noTelegramUsername());
    return replies;
  }
  let link = address === null ? null : await findTextLink(db, medium, address);
  if (!link || address === null) {
    // A number that never opted in gets nothing (no texts to strangers); a Telegram visitor who
    // opened the bot is told how to start.
    if (medium === 'TELEGRAM' && chatId && address !== null) {
      await reply({ medium, address, chat_id: chatId }, textMessages.unknownTelegram(config.publicUrl));
    } else {
      logger.info(`a text on ${medium} from an address that never opted in was ignored`);
    }
    return replies;
  }
  if (medium === 'TELEGRAM' && chatId && link.chat_id !== chatId) {
    await updateTextLink(db, link, { chat_id: chatId });
    link = { ...link, chat_id: chatId };
  }
  const clone = { name: link.clone_name, slug: link.clone_slug };

  const keyword = textKeyword(text);
  if (keyword === 'STOP') {
    if (link.stopped_at) return replies;
    await updateTextLink(db, link, { stopped_at: deps.clock.now() });
    await writeOptIn(db, link.user_id, link.clone_id, false);
    await reply(link, textMessages.stopped(clone));
    return replies;
  }
  if (keyword === 'HELP') {
    await reply(link, textMessages.help(clone, config.publicUrl));
    return replies;
  }
  if (keyword === 'START') {
    if (!link.stopped_at) return replies;
    await updateTextLink(db, link, { stopped_at: null });
    await writeOptIn(db, link.user_id, link.clone_id, true);
    await reply(link, textMessages.restarted(clone));
    return replies;
  }
  if (link.stopped_at) return replies;
  // Telegram: the visitor opened the bot (/start) or wrote first; the greeting comes first.
  if (!link.greeted_at) {
    await sendGreeting(deps, link);
    replies.push(textMessages.greeting(clone));
  }
  if (medium === 'TELEGRAM' && /^\/start\b/.test(text.trim())) return replies;

  const answer = await answerQuestion(deps, link, text.trim());
  await reply(link, answer);
  return replies;
}

/** The brain's answer to `question` in the link's conversation, as a text (or why there is none). */
async function answerQuestion(deps: AppDeps, link: TextLinkRow, question: string): Promise<string> {
  const { db, config, clock, brain, logger } = deps;
  const owner = {
    userId: link.user_id,
    visitorId: textVisitorId(link.medium, link.address),
    stateless: false,
  };
  const accept = (conversationId: string) =>
    acceptMessage(db, {
      conversationId,
      slug: link.clone_slug,
      text: question,
      firstTitle: titleFromMessage(question),
      historyTurns: HISTORY_TURNS,
      owner,
      charge: config.usage.enforce
        ? {
            subject: usageSubject(link.user_id, owner.visitorId),
            period: usagePeriod(clock.now()),
            freeMessagesPerMonth: config.usage.freeMessagesPerMonth,
            now: clock.now(),
          }
        : null,
    });
  let conversationId = link.conversation_id;
  let outcome = conversationId ? await accept(conversationId) : ({ status: 'not-found' } as const);
  if (outcome.status === 'not-found') {
    // The visitor deleted the texts' conversation on the site: the texts go on in a new one.
    const conversation = await createConversation(db, {
      cloneId: link.clone_id,
      instanceId: null,
      medium: link.medium,
      owner,
    });
    conversationId = conversation.id;
    await updateTextLink(db, link, { conversation_id: conversationId });
    outcome = await accept(conversationId);
  }
  const clone = { name: link.clone_name, slug: link.clone_slug };
  if (outcome.status === 'refused') return textMessages.limitReached(clone, config.publicUrl);
  if (outcome.status !== 'stored' || !conversationId)
    throw new Error(`the text was not stored: ${outcome.status}`);
  try {
    let done: Extract<AnswerEvent, { type: 'done' }> | null = null;
    for await (const event of brain.answer({
      clone: outcome.clone,
      question,
      history: outcome.history,
      signal: AbortSignal.timeout(60_000),
    })) {
      if (event.type === 'done') done = event;
    }
    if (!done) throw new Error('the brain ended without an answer');
    await storeAnswer(db, {
      conversationId,
      userMessageId: outcome.userMessageId,
      text: done.text,
      citations: done.citations,
      interrupted: false,
      products: outcome.products,
      retrieval: done.retrieval,
    });
    return textReply(done.text, done.citations, TEXT_REPLY_MAX[link.medium]);
  } catch (error) {
    logger.error(`answering a ${link.medium} text in ${conversationId} failed: ${describeError(error)}`);
    return textMessages.failed();
  }
}
