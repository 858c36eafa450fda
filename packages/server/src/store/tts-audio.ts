/** @module Audio made by read aloud, kept in the database so every server process serves it again. */
import type { Queryable } from '@doppel/db';
import { z } from 'zod';

const AudioRow = z.object({ content_type: z.string(), bytes: z.instanceof(Uint8Array) });
export type StoredAudio = z.infer<typeof AudioRow>;

export async function findAudio(db: Queryable, key: string): Promise<StoredAudio | null> {
  const rows = await db.query('SELECT content_type, bytes FROM tts_audio WHERE key = $1', [key]);
  return rows[0] ? AudioRow.parse(rows[0]) : null;
}

/** Keeps the audio of `key`; another process that made the same audio first wins. */
export async function storeAudio(
  db: Queryable,
  input: { key: string; messageId: string | null; contentType: string; bytes: Uint8Array },
): Promise<void> {
  await db.query(
    `INSERT INTO tts_audio (key, message_id, content_type, bytes) VALUES ($1, $2, $3, $4)
     ON CONFLICT (key) DO NOTHING`,
    [input.key, input.messageId, input.contentType, input.bytes],
  );
}

const CloneVoiceRow = z.object({ id: z.string(), voice: z.unknown() });

/** The clone `slug`'s id and stored voice settings (clones.voice); null when there is no such clone. */
export async function findCloneVoice(
  db: Queryable,
  slug: string,
): Promise<{ id: string; voice: unknown } | null> {
  const rows = await db.query('SELECT id, voice FROM clones WHERE slug = $1', [slug]);
  return rows[0] ? CloneVoiceRow.parse(rows[0]) : null;
}

const MessageTextRow = z.object({ text: z.string() });

/**
 * The text of clone message `messageId` of clone `cloneId`, when it is in one of the caller's
 * conversations (the SQL condition `owned`, over alias `v`, with $3–$5 for user, visitor and
 * statelessness); null otherwise.
 */
export async function findOwnCloneMessage(
  db: Queryable,
  input: { messageId: string; cloneId: string; owned: string; params: unknown[] },
): Promise<string | null> {
  const rows = await db.query(
    `SELECT m.text FROM messages m JOIN conversations v ON v.id = m.conversation_id
     WHERE m.id = $1 AND v.clone_id = $2 AND m.sender = 'CLONE' AND ${input.owned}`,
    [input.messageId, input.cloneId, ...input.params],
  );
  return rows[0] ? MessageTextRow.parse(rows[0]).text : null;
}
