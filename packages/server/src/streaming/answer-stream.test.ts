import { randomUUID } from 'node:crypto';
import { currentPriority, type Db, GIVE_WAY_MS, queryPriority } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failingBrain, stuckBrain } from '../../test/support/brain-doubles';
import { parseEvents } from '../../test/support/harness';
import { silentLogger } from '../logger';
import { answersEnded, runAnswer } from './answer-stream';
import { createStreamRelay } from './stream-relay';

const clone = { id: 'c', slug: 'ada', name: 'Ada', headline: '', description: '', suggestedQuestions: [] };
const input = { clone, question: 'Hello?', history: [] };

describe.each(testDatabases())('runAnswer on $name', ({ open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db.close());

  /** A stream row held by `relay`, as the send route writes it with the message. */
  async function newStream(holder: string): Promise<string> {
    const id = randomUUID();
    await db.query(
      `INSERT INTO answer_streams (id, conversation_id, user_message_id, holder, lease_until)
       VALUES ($1, $2, $3, $4, now() + interval '1 minute')`,
      [id, randomUUID(), randomUUID(), holder],
    );
    return id;
  }

  it('ends a stuck brain with an error event after the idle timeout, with keep-alives meanwhile', async () => {
    const relay = createStreamRelay(db, silentLogger);
    const id = await newStream(relay.holder);
    const started = Date.now();
    void runAnswer({
      db,
      brain: stuckBrain(),
      logger: silentLogger,
      idleTimeoutMs: 60,
      conversationId: 'x',
      userMessageId: 'u',
      input,
      writer: relay.write(id),
    });
    const raw = await new Response(relay.follow(id, 0, { keepAliveMs: 10, takeOver: async () => {} })).text();
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(raw).toContain(': keep-alive\n\n');
    expect(raw).toContain('id: 1\ndata: {"type":"error"');
    expect(parseEvents(raw)).toEqual([{ type: 'error', error: 'Failed to process message.' }]);
  });

  it('lets a shutdown wait for the answers being written, for at most its time', async () => {
    const relay = createStreamRelay(db, silentLogger);
    const id = await newStream(relay.holder);
    const started = Date.now();
    let ended = 0;
    // A silent brain: its answer ends with the error event after 300 ms.
    void runAnswer({
      db,
      brain: stuckBrain(),
      logger: silentLogger,
      idleTimeoutMs: 300,
      conversationId: 'x',
      userMessageId: 'u',
      input,
      writer: relay.write(id),
    }).then(() => {
      ended = Date.now();
    });
    await answersEnded(50);
    expect(ended).toBe(0);
    expect(Date.now() - started).toBeLessThan(250);
    await answersEnded(5_000);
    expect(ended).toBeGreaterThan(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    // It ended whole, its last event written before the database would close.
    const raw = await new Response(
      relay.follow(id, 0, { keepAliveMs: 1000, takeOver: async () => {} }),
    ).text();
    expect(parseEvents(raw)).toEqual([{ type: 'error', error: 'Failed to process message.' }]);
    await answersEnded(1); // nothing left: at once
  });

  it('answers a brain failure with an error event, written for a resumed listener too', async () => {
    const relay = createStreamRelay(db, silentLogger);
    const id = await newStream(relay.holder);
    await runAnswer({
      db,
      brain: failingBrain(['Half ']),
      logger: silentLogger,
      conversationId: 'x',
      userMessageId: 'u',
      input,
      writer: relay.write(id),
    });
    // Another process (another relay) reads the same events from the database.
    const other = createStreamRelay(db, silentLogger);
    const raw = await new Response(
      other.follow(id, 0, { keepAliveMs: 1000, takeOver: async () => {} }),
    ).text();
    expect(parseEvents(raw)).toEqual([
      { type: 'token', token: 'Half ' },
      { type: 'error', error: 'Failed to process message.' },
    ]);
    const after1 = await new Response(
      other.follow(id, 1, { keepAliveMs: 1000, takeOver: async () => {} }),
    ).text();
    expect(parseEvents(after1)).toEqual([{ type: 'error', error: 'Failed to process message.' }]);
  });

  it("writes a stream's first events at its request's priority, the rest behind the next second's requests", async () => {
    // The priority each write of the events carried (the embedded database runs the lowest first).
    const writes: number[] = [];
    const recording: Db = {
      ...db,
      query: (sql, params, options) => {
        if (sql.includes('answer_stream_batches')) writes.push(currentPriority());
        return db.query(sql, params, options);
      },
    };
    const relay = createStreamRelay(recording, silentLogger);
    const id = await newStream(relay.holder);
    const requestStarted = performance.now() - 5_000;
    const writer = queryPriority.run(requestStarted, () => relay.write(id));
    const follow = new Response(relay.follow(id, 0, { keepAliveMs: 1000, takeOver: async () => {} })).text();
    writer.push({ type: 'token', token: 'First ' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const beforeSecond = performance.now();
    writer.push({ type: 'token', token: 'second.' });
    await writer.end();
    expect(parseEvents(await follow)).toEqual([
      { type: 'token', token: 'First ' },
      { type: 'token', token: 'second.' },
    ]);
    expect(writes[0]).toBe(requestStarted);
    expect(writes.length).toBeGreaterThanOrEqual(2);
    for (const later of writes.slice(1)) expect(later).toBeGreaterThanOrEqual(beforeSecond + GIVE_WAY_MS);
  });

  it("writes a send's first token while another answer's later tokens wait for the database", async () => {
    // A's later write is held until released: B's first write must not queue behind it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const recording: Db = {
      ...db,
      query: async (sql, params, options) => {
        if (sql.includes('answer_stream_batches') && JSON.stringify(params).includes('A later')) await held;
        return db.query(sql, params, options);
      },
    };
    const relay = createStreamRelay(recording, silentLogger);
    const [a, b] = [await newStream(relay.holder), await newStream(relay.holder)];
    const writerA = queryPriority.run(performance.now(), () => relay.write(a));
    const followA = new Response(relay.follow(a, 0, { keepAliveMs: 1000, takeOver: async () => {} })).text();
    writerA.push({ type: 'token', token: 'A first ' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    writerA.push({ type: 'token', token: 'A later.' });
    const endA = writerA.end();

    const writerB = queryPriority.run(performance.now(), () => relay.write(b));
    const reader = relay.follow(b, 0, { keepAliveMs: 1000, takeOver: async () => {} }).getReader();
    writerB.push({ type: 'token', token: 'B first' });
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('B first');
    release();
    await endA;
    expect(parseEvents(await followA)).toEqual([
      { type: 'token', token: 'A first ' },
      { type: 'token', token: 'A later.' },
    ]);
    await reader.cancel();
    await writerB.end();
  });
});
