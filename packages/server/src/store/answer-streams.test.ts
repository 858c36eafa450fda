/**
 * The stream store (issue 14 §2, §6): a write carries the events of several streams, a row per
 * stream; a resume reads the events after any event number, inside a row or between rows; a
 * stream another process holds is left unwritten.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import type { StreamEvent } from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendStreamEvents, findStream, readStreamEvents } from './answer-streams';

const token = (text: string): StreamEvent => ({ type: 'token', token: text });

describe.each(testDatabases())('answer stream batches on $name', ({ open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db.close());

  const stream = async (holder: string) => {
    const id = randomUUID();
    await db.query(
      `INSERT INTO answer_streams (id, conversation_id, user_message_id, holder, lease_until)
       VALUES ($1, $2, $3, $4, now() + interval '4 seconds')`,
      [id, randomUUID(), randomUUID(), holder],
    );
    return id;
  };

  it('writes several streams in one statement and reads from any event on', async () => {
    const [a, b, theirs] = [await stream('me'), await stream('me'), await stream('other')];
    const held = await appendStreamEvents(db, 'me', [
      { streamId: a, firstSeq: 1, events: [token('One'), token(' two'), token(' three')], finish: false },
      { streamId: b, firstSeq: 1, events: [token('Hi')], finish: false },
      { streamId: theirs, firstSeq: 1, events: [token('never')], finish: true },
    ]);
    expect([...held].sort()).toEqual([a, b].sort());
    await appendStreamEvents(db, 'me', [
      { streamId: a, firstSeq: 4, events: [token('.')], finish: true },
      { streamId: b, firstSeq: 2, events: [], finish: true },
    ]);
    const seqs = async (id: string, after: number) =>
      (await readStreamEvents(db, id, after)).map((e) => e.seq);
    expect(await readStreamEvents(db, a, 0)).toEqual([
      { seq: 1, event: token('One') },
      { seq: 2, event: token(' two') },
      { seq: 3, event: token(' three') },
      { seq: 4, event: token('.') },
    ]);
    expect(await seqs(a, 2)).toEqual([3, 4]); // inside the first row
    expect(await seqs(a, 3)).toEqual([4]); // between rows
    expect(await seqs(a, 4)).toEqual([]);
    expect(await seqs(b, 0)).toEqual([1]);
    expect(await seqs(theirs, 0)).toEqual([]);
    expect((await findStream(db, a))?.finished).toBe(true);
    expect((await findStream(db, b))?.finished).toBe(true); // an end with no event of its own
    expect((await findStream(db, theirs))?.finished).toBe(false);
  });

  it('refuses an event number written twice', async () => {
    const id = await stream('me');
    await appendStreamEvents(db, 'me', [{ streamId: id, firstSeq: 1, events: [token('a')], finish: false }]);
    await expect(
      appendStreamEvents(db, 'me', [{ streamId: id, firstSeq: 1, events: [token('b')], finish: false }]),
    ).rejects.toThrow();
    expect(await readStreamEvents(db, id, 0)).toEqual([{ seq: 1, event: token('a') }]);
  });
});
