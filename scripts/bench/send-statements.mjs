#!/usr/bin/env node
// The database work of one answer (issue 14 §5–6), statement by statement: the server's own store
// functions (accept, revised answers and tone notes, the knowledge version check, four token
// writes of 15 events, the answer, the last event with the stream's end) on an in-memory PGlite,
// on the caller's thread and on the worker thread the server uses. Baseline in the same run: the
// least a send must do, one INSERT of the visitor's message. Prints JSON (ms per send, means over
// --sends sends after as many warm-up sends).
// Usage: node scripts/bench/send-statements.mjs [--sends 200]
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { runUnderTsx } from './lib-tsx.mjs';

runUnderTsx(import.meta.url);

const { values: args } = parseArgs({ options: { sends: { type: 'string', default: '200' } } });
const N = Number(args.sends);
const { openPgliteDb } = await import('../../packages/db/src/pglite-db.ts');
const { openPgliteWorkerDb } = await import('../../packages/db/src/pglite-worker.ts');
const { migrate } = await import('../../packages/db/src/migrate.ts');
const { seedClone } = await import('../../packages/server/test/support/seed.ts');
const { acceptMessage } = await import('../../packages/server/src/store/accept-message.ts');
const { appendStreamEvents, storeStreamAnswer } = await import(
  '../../packages/server/src/store/answer-streams.ts'
);
const { creatorKnowledge } = await import('../../packages/brain/src/creator/with-creator-knowledge.ts');

const round = (n) => Math.round(n * 1000) / 1000;
const token = (i) => ({ type: 'token', token: ` word${i}` });

async function measure(open) {
  const db = await open();
  await migrate(db);
  const clone = await seedClone(db, 'ada');
  const visitors = [];
  for (let i = 0; i < N * 2; i++) {
    const visitor = randomUUID();
    const [row] = await db.query(
      `INSERT INTO conversations (id, clone_id, medium, visitor_id) VALUES ($1, $2, 'WEB', $3) RETURNING id`,
      [randomUUID(), clone.id, visitor],
    );
    visitors.push({ conversationId: row.id, visitor });
  }
  const times = {};
  const time = async (name, work) => {
    const started = performance.now();
    const result = await work();
    times[name] = (times[name] ?? 0) + performance.now() - started;
    return result;
  };
  for (const [i, { conversationId, visitor }] of visitors.entries()) {
    if (i === N) for (const name of Object.keys(times)) times[name] = 0; // the first half warms up
    await time('baseline: one INSERT', () =>
      db.query(`INSERT INTO messages (id, conversation_id, sender, text) VALUES ($1, $2, 'USER', 'hi')`, [
        randomUUID(),
        conversationId,
      ]),
    );
    const streamId = randomUUID();
    const accepted = await time('accept', () =>
      acceptMessage(db, {
        conversationId,
        slug: 'ada',
        text: 'How do I sharpen a plane iron?',
        firstTitle: 'How do I sharpen a plane iron?',
        historyTurns: 6,
        owner: { userId: null, visitorId: visitor, stateless: false },
        charge: { subject: `v:${visitor}`, period: '2026-11-01', freeMessagesPerMonth: 30, now: new Date() },
        stream: { id: streamId, holder: 'bench', leaseSeconds: 4, keepBrainInput: true },
      }),
    );
    if (accepted.status !== 'stored') throw new Error(`not accepted: ${accepted.status}`);
    await time('revised answers and tone notes', () => creatorKnowledge(db, clone.id));
    await time('knowledge version', () =>
      db.query('SELECT version FROM clone_knowledge_stats WHERE clone_id = $1', [clone.id]),
    );
    let seq = 1;
    for (let b = 0; b < 4; b++) {
      const events = Array.from({ length: 15 }, (_, j) => token(j));
      await time('4 token writes of 15 events', () =>
        appendStreamEvents(db, 'bench', [{ streamId, firstSeq: seq, events, finish: false }]),
      );
      seq += events.length;
    }
    await time('the answer', () =>
      storeStreamAnswer(
        db,
        { id: streamId, holder: 'bench' },
        {
          conversationId,
          userMessageId: accepted.userMessageId,
          text: 'Hone a 30 degree micro-bevel [1].',
          interrupted: false,
          citations: [
            {
              position: 1,
              used: true,
              documentId: randomUUID(),
              documentTitle: 'Sharpening',
              title: 'Sharpening',
              text: 'A micro-bevel at 30 degrees.',
              url: null,
              timestampMs: null,
              type: 'file',
            },
          ],
        },
      ),
    );
    await time('last event and the end', () =>
      appendStreamEvents(db, 'bench', [{ streamId, firstSeq: seq, events: [token(99)], finish: true }]),
    );
  }
  await db.close();
  const perSend = Object.fromEntries(Object.entries(times).map(([name, ms]) => [name, round(ms / N)]));
  const { 'baseline: one INSERT': baseline, ...answer } = perSend;
  const total = round(Object.values(answer).reduce((a, b) => a + b, 0));
  return { perSendMs: answer, answerTotalMs: total, baselineMs: baseline, ratio: round(total / baseline) };
}

const result = {
  bench: 'send-statements',
  sends: N,
  load: loadavg().map((n) => Math.round(n * 100) / 100),
  inThread: await measure(() => openPgliteDb('memory://')),
  worker: await measure(() => openPgliteWorkerDb('memory://')),
};
console.log(JSON.stringify(result, null, 2));
