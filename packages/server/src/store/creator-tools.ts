/**
 * @module Creator tools (issue 10 §5): the revised answers and speaking-style notes creators
 * store, and the suggested questions they edit in the studio. Who may write is checked here, in
 * the same statement as the read it depends on.
 */
import type { Db, Queryable } from '@doppel/db';
import { OWNER_RELATIONSHIPS } from '@doppel/protocol';
import { z } from 'zod';

const CreatorTarget = z.object({
  clone_id: z.string(),
  question: z.string().nullable(),
});

/**
 * The clone message `messageId` as a creator of its clone sees it: its clone and the user message
 * it answers (null when none precedes it). Null when there is no such clone message or `userId`
 * is not a CREATOR or CONTRIBUTOR of its clone.
 */
export async function findCreatorTarget(
  db: Queryable,
  messageId: string,
  userId: string,
): Promise<{ cloneId: string; question: string | null } | null> {
  const rows = await db.query(
    `SELECT v.clone_id,
       (SELECT u.text FROM messages u
        WHERE u.conversation_id = m.conversation_id AND u.sender = 'USER' AND u.created_at < m.created_at
        ORDER BY u.created_at DESC LIMIT 1) AS question
     FROM messages m JOIN conversations v ON v.id = m.conversation_id
     WHERE m.id = $1 AND m.sender = 'CLONE' AND EXISTS (
       SELECT 1 FROM relationships r
       WHERE r.user_id = $2 AND r.clone_id = v.clone_id AND r.type = ANY($3::text[]))`,
    [messageId, userId, OWNER_RELATIONSHIPS],
  );
  const row = rows[0] ? CreatorTarget.parse(rows[0]) : null;
  return row ? { cloneId: row.clone_id, question: row.question } : null;
}

const IdRow = z.object({ id: z.string() });

/** Stores a creator's revised answer to `question`; answers its id. */
export async function storeCreatorAnswer(
  db: Queryable,
  input: { cloneId: string; messageId: string; question: string; answer: string; userId: string },
): Promise<string> {
  const rows = await db.query(
    `INSERT INTO creator_answers (clone_id, message_id, question, answer, created_by)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [input.cloneId, input.messageId, input.question, input.answer, input.userId],
  );
  return IdRow.parse(rows[0]).id;
}

/** Stores a creator's note on the clone's speaking style; answers its id. */
export async function storeToneFeedback(
  db: Queryable,
  input: { cloneId: string; messageId: string; feedback: string; userId: string },
): Promise<string> {
  const rows = await db.query(
    `INSERT INTO tone_feedback (clone_id, message_id, feedback, created_by)
     VALUES ($1, $2, $3, $4) RETURNING id`,
    [input.cloneId, input.messageId, input.feedback, input.userId],
  );
  return IdRow.parse(rows[0]).id;
}

/** Whether `userId` is a CREATOR or CONTRIBUTOR of the clone `cloneId`. */
export async function isCloneOwner(db: Queryable, userId: string, cloneId: string): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM relationships WHERE user_id = $1 AND clone_id = $2 AND type = ANY($3::text[])',
    [userId, cloneId, OWNER_RELATIONSHIPS],
  );
  return rows.length > 0;
}

/** Replaces the clone's suggested questions with `questions`, in order, in one transaction. */
export async function replaceSuggestedQuestions(db: Db, cloneId: string, questions: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM suggested_questions WHERE clone_id = $1', [cloneId]);
    for (const [position, question] of questions.entries()) {
      await tx.query('INSERT INTO suggested_questions (clone_id, position, question) VALUES ($1, $2, $3)', [
        cloneId,
        position,
        question,
      ]);
    }
  });
}
