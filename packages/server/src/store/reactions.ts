/**
 * @module Like and thumbs-down on clone messages (issue 9 §12), one per message and person. Each
 * write is one statement: the ownership check, the write, and what it answers.
 */
import type { Queryable } from '@doppel/db';
import type { MessageReaction } from '@doppel/protocol';
import { type Owner, ownedBy } from './conversations';
import { usageSubject } from './usage-counters';

/** Who the caller is as a reactor: the user, or the visitor; the user's browser visitor too. */
export function reactionSubjects(owner: Pick<Owner, 'userId' | 'visitorId'>): string[] {
  const own = usageSubject(owner.userId, owner.visitorId);
  return owner.userId ? [own, usageSubject(null, owner.visitorId)] : [own];
}

/**
 * Sets (or with null clears) the caller's reaction to the clone message `messageId`. Answers false,
 * having written nothing, when there is no such clone message in a conversation the caller owns.
 * Signed in, the reaction is the user's; one left as this browser's visitor before is replaced.
 */
export async function setReaction(
  db: Queryable,
  input: { messageId: string; owner: Owner; reaction: MessageReaction | null },
): Promise<boolean> {
  const [own, ...others] = reactionSubjects(input.owner);
  const rows = await db.query(
    `WITH target AS (
       SELECT m.id FROM messages m JOIN conversations v ON v.id = m.conversation_id
       WHERE m.id = $1 AND m.sender = 'CLONE' AND ${ownedBy('v', '$2', '$3', '$4')}
     ), cleared AS (
       DELETE FROM message_reactions r USING target t
       WHERE r.message_id = t.id AND (r.subject = ANY($6::text[]) OR ($7::text IS NULL AND r.subject = $5))
     ), stored AS (
       INSERT INTO message_reactions (message_id, subject, reaction)
       SELECT t.id, $5, $7 FROM target t WHERE $7::text IS NOT NULL
       ON CONFLICT (message_id, subject) DO UPDATE SET reaction = EXCLUDED.reaction, updated_at = now()
     )
     SELECT id FROM target`,
    [
      input.messageId,
      input.owner.userId,
      input.owner.visitorId,
      input.owner.stateless,
      own,
      others,
      input.reaction,
    ],
  );
  return rows.length > 0;
}
