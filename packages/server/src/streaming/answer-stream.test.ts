import type { Db } from '@doppel/db';
import { describe, expect, it } from 'vitest';
import { failingBrain, stuckBrain } from '../../test/support/brain-doubles';
import { parseEvents } from '../../test/support/harness';
import { stubDb } from '../../test/support/stub-db';
import { silentLogger } from '../logger';
import { answerStream } from './answer-stream';

const clone = { id: 'c', slug: 'ada', name: 'Ada', headline: '', description: '', suggestedQuestions: [] };
const input = { clone, question: 'Hello?', history: [] };

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe('answerStream', () => {
  it('ends a stuck brain with an error event after the idle timeout', async () => {
    const started = Date.now();
    const stream = answerStream({
      db: stubDb,
      brain: stuckBrain(),
      logger: silentLogger,
      keepAliveMs: 10,
      idleTimeoutMs: 60,
      conversationId: 'x',
      userMessageId: 'u',
      input,
    });
    const raw = await readAll(stream);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(raw).toContain(': keep-alive\n\n');
    expect(parseEvents(raw)).toEqual([{ type: 'error', error: 'Failed to process message.' }]);
  });

  it('answers a brain failure with an error event and stores nothing', async () => {
    const raw = await readAll(
      answerStream({
        db: stubDb,
        brain: failingBrain(),
        logger: silentLogger,
        keepAliveMs: 1000,
        conversationId: 'x',
        userMessageId: 'u',
        input,
      }),
    );
    expect(parseEvents(raw)).toEqual([{ type: 'error', error: 'Failed to process message.' }]);
  });

  it('stores nothing when the listener leaves before the first token', async () => {
    const queries: string[] = [];
    const db: Db = {
      kind: 'pglite',
      async query<Row>(sql: string): Promise<Row[]> {
        queries.push(sql);
        return [];
      },
      transaction: (fn) => fn(db),
      async close() {},
    };
    const stream = answerStream({
      db,
      brain: stuckBrain(),
      logger: silentLogger,
      keepAliveMs: 1000,
      conversationId: 'x',
      userMessageId: 'u',
      input,
    });
    await stream.cancel();
    await new Promise((r) => setTimeout(r, 20));
    expect(queries).toEqual([]);
  });
});
