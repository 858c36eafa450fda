/**
 * @module Stop (spec/chat.md §4; issue 9 §6): what the visitor saw when pressing Stop is what stays.
 * The app sends the answer as it stood on screen; the answer to the visitor's latest message is cut
 * to it (core `keptAnswerText`: never more than was said, never words the clone did not say),
 * marked `interrupted`, and keeps only the citations its kept text still cites (and the related
 * ones); nothing kept when the visitor saw nothing. A stop that comes before the answer is stored
 * (the stream may be on another server process) waits on the conversation and is applied when the
 * answer is stored. Both sides lock the conversation's row first, so whichever comes second sees
 * the other: the outcome is the same in either order.
 *
 * The message stays charged: it was accepted and answered in part, and stopping is the visitor's
 * choice (docs/http-api.md, "Stop").
 */
import type { CitationDraft } from '@doppel/brain';
import { citationNumbers, keptAnswerText } from '@doppel/core';
import type { Db, Queryable } from '@doppel/db';
import { z } from 'zod';
import { MESSAGE_COLUMNS, MessageRow } from '../mappers/message';
import { type Owner, ownedBy } from './conversations';
import { type CloneMessageInput, insertCloneMessage } from './messages';

const PendingStop = z.object({ stop_after: z.string().nullable(), stop_text: z.string().nullable() });
const LatestUser = z.object({ id: z.string(), created_at: z.date() });
const Answer = z.object({ id: z.string(), text: z.string() });

/** The citations an answer cut to `text` keeps: the related ones and the used ones it still cites. */
export function keptCitations(citations: readonly CitationDraft[], text: string): CitationDraft[] {
  const cited = new Set(citationNumbers(text));
  return citations.filter((c) => !c.used || cited.has(c.position));
}

/**
 * Stores the answer to the visitor's message `userMessageId`, cut to what the visitor saw when a
 * stop for it is waiting. Answers the stored row, or null when nothing of it is kept.
 */
export async function storeAnswer(
  db: Db,
  input: CloneMessageInput & { userMessageId: string },
): Promise<MessageRow | null> {
  return db.transaction((tx) => storeAnswerIn(tx, input));
}

/** `storeAnswer` inside the caller's transaction `tx`. */
export async function storeAnswerIn(
  tx: Queryable,
  input: CloneMessageInput & { userMessageId: string },
): Promise<MessageRow | null> {
  const [row] = await tx.query('SELECT stop_after, stop_text FROM conversations WHERE id = $1 FOR UPDATE', [
    input.conversationId,
  ]);
  const pending = row ? PendingStop.parse(row) : null;
  const { userMessageId, ...answer } = input;
  if (!pending || pending.stop_after !== userMessageId) return insertCloneMessage(tx, answer);
  await tx.query('UPDATE conversations SET stop_after = NULL, stop_text = NULL WHERE id = $1', [
    input.conversationId,
  ]);
  const text = keptAnswerText(answer.text, pending.stop_text ?? '');
  if (text === '') return null;
  return insertCloneMessage(tx, {
    ...answer,
    text,
    citations: keptCitations(answer.citations, text),
    interrupted: true,
  });
}

export type StopOutcome =
  /** No such conversation of the caller's. */
  | { status: 'not-found' }
  /** Nothing to stop: the conversation has no message of the visitor's. */
  | { status: 'none' }
  /** The answer was stored and is now cut (null: nothing of it kept, so it is gone). */
  | { status: 'cut'; message: MessageRow | null }
  /** The answer is not stored yet; it will be cut when it is. */
  | { status: 'pending' };

/** Cuts the answer to the caller's latest message in `conversationId` to `shownText`. */
export async function stopAnswer(
  db: Db,
  input: { conversationId: string; owner: Owner; shownText: string },
): Promise<StopOutcome> {
  const { conversationId, owner, shownText } = input;
  return db.transaction(async (tx) => {
    const owned = await tx.query(
      `SELECT v.id FROM conversations v WHERE v.id = $1 AND ${ownedBy('v', '$2', '$3', '$4')} FOR UPDATE`,
      [conversationId, owner.userId, owner.visitorId, owner.stateless],
    );
    if (owned.length === 0) return { status: 'not-found' };
    const [latest] = await tx.query(
      `SELECT id, created_at FROM messages WHERE conversation_id = $1 AND sender = 'USER'
       ORDER BY created_at DESC, id DESC LIMIT 1`,
      [conversationId],
    );
    if (!latest) return { status: 'none' };
    const question = LatestUser.parse(latest);
    const [found] = await tx.query(
      `SELECT id, text FROM messages WHERE conversation_id = $1 AND sender = 'CLONE' AND created_at >= $2
       ORDER BY created_at, id LIMIT 1`,
      [conversationId, question.created_at],
    );
    if (!found) {
      await tx.query('UPDATE conversations SET stop_after = $2, stop_text = $3 WHERE id = $1', [
        conversationId,
        question.id,
        shownText,
      ]);
      return { status: 'pending' };
    }
    const answer = Answer.parse(found);
    return { status: 'cut', message: await cutAnswer(tx, answer, keptAnswerText(answer.text, shownText)) };
  });
}

/** Cuts a stored answer to `text` (deletes it when `text` is empty). */
async function cutAnswer(
  tx: Queryable,
  answer: z.infer<typeof Answer>,
  text: string,
): Promise<MessageRow | null> {
  if (text === '') {
    await tx.query('DELETE FROM messages WHERE id = $1', [answer.id]);
    return null;
  }
  await tx.query(
    `DELETE FROM message_citations WHERE message_id = $1 AND used AND NOT (position = ANY($2::int[]))`,
    [answer.id, citationNumbers(text)],
  );
  const rows = await tx.query(
    `UPDATE messages SET text = $2, interrupted = true,
       has_sources = EXISTS (SELECT 1 FROM message_citations c WHERE c.message_id = $1)
     WHERE id = $1 RETURNING ${MESSAGE_COLUMNS}`,
    [answer.id, text],
  );
  return MessageRow.parse(rows[0]);
}
