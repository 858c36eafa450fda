/**
 * @module `doppel failures [SLUG] [--limit N]`: the voice failures the pages reported (newest
 * first), for the person who runs the server.
 */
import type { Db } from '@doppel/db';
import { z } from 'zod';
import type { CliIo } from './run-cli';

export interface FailureCommand {
  slug: string | null;
  limit: number;
}

export const FAILURE_USAGE = `  failures [SLUG] [--limit N]
               The voice call and voice memo failures the pages reported, newest first
               (default 20): when, which, the clone, the message, cause and outcome.`;

/** `failures …`; a string is the usage problem. */
export function parseFailureCommand(args: readonly string[]): FailureCommand | string {
  let slug: string | null = null;
  let limit = 20;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg === '--limit' || arg.startsWith('--limit=')) {
      const value = arg === '--limit' ? args[++i] : arg.slice('--limit='.length);
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 1_000) return 'give --limit a whole number from 1 to 1000';
      limit = n;
    } else if (arg.startsWith('-') || slug !== null) {
      return `unexpected ${arg}`;
    } else {
      slug = arg;
    }
  }
  return { slug, limit };
}

const Row = z.object({
  created_at: z.coerce.date(),
  event: z.string(),
  slug: z.string(),
  message: z.string(),
  cause: z.string().nullable(),
  outcome: z.string().nullable(),
});

export async function runFailureCommand(db: Db, command: FailureCommand, io: CliIo): Promise<number> {
  const rows = z.array(Row).parse(
    await db.query(
      `SELECT f.created_at, f.event, c.slug, f.message, f.cause, f.outcome
       FROM voice_failures f JOIN clones c ON c.id = f.clone_id
       WHERE $1::text IS NULL OR c.slug = $1
       ORDER BY f.created_at DESC LIMIT $2`,
      [command.slug, command.limit],
    ),
  );
  if (rows.length === 0) {
    io.out('No voice failures reported.');
    return 0;
  }
  for (const row of rows) {
    const extra = [row.cause && `cause: ${row.cause}`, row.outcome && `outcome: ${row.outcome}`]
      .filter(Boolean)
      .join(', ');
    io.out(
      `${row.created_at.toISOString()}  ${row.event}  ${row.slug}  ${row.message}${extra ? `  (${extra})` : ''}`,
    );
  }
  return 0;
}
