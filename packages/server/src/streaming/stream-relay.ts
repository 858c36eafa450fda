/**
 * @module Answer streams that outlive their connection (issue 14 §2). A process that runs an
 * answer writes each event to the database before any listener sees it (write-ahead: one
 * statement for the events every stream queued while the previous write was under way), holds a lease on the stream while it runs, and hands
 * the events to its own listeners from memory. A listener on another process (a resumed
 * connection the load balancer sent elsewhere) reads them from the database; when the writer's
 * lease has lapsed (its process died), the first process asked takes the stream over and ends it
 * from what was written (see `takeOver` in answer-stream.ts). PGlite and PostgreSQL alike: the
 * same tables, the same code.
 */
import { randomUUID } from 'node:crypto';
import { behindRequests, currentPriority, type Db, queryPriority } from '@doppel/db';
import type { StreamEvent } from '@doppel/protocol';
import type { Logger } from '../logger';
import {
  appendStreamEvents,
  findStream,
  purgeOldStreams,
  readStreamEvents,
  renewStreamLeases,
  STREAM_RENEW_MS,
  type StreamEventRow,
  takeOverStream,
} from '../store/answer-streams';
import { KEEP_ALIVE, sseEvent } from './sse';

/** How often a listener on another process looks for new events of a stream. */
export const REMOTE_POLL_MS = 50;
/** How long a writer keeps retrying a write the database refused (a database restart). */
export const WRITE_RETRY_MS = 20_000;
/** Renewals between two purges of old streams. */
const PURGE_EVERY = 300;

/** One stream this process writes. */
export interface StreamWriter {
  readonly streamId: string;
  /** The process writing it (its lease's name). */
  readonly holder: string;
  /** Queues an event; it reaches listeners once written. */
  push(event: StreamEvent): void;
  /** Writes what is queued, then marks the stream ended. */
  end(): Promise<void>;
  /** Aborted when another process took the stream over (this one lost its lease). */
  readonly lost: AbortSignal;
}

export interface StreamRelay {
  /** This process's name in the leases. */
  readonly holder: string;
  /** Starts writing `streamId` (its row is already inserted, held by `holder`). */
  write(streamId: string, nextSeq?: number): StreamWriter;
  /**
   * The SSE body of `streamId` from the event after `afterSeq`: from memory when this process
   * writes it, else from the database; `takeOver` runs when the writer's lease lapsed.
   */
  follow(streamId: string, afterSeq: number, options: FollowOptions): ReadableStream<Uint8Array>;
}

export interface FollowOptions {
  keepAliveMs: number;
  /** Ends a stream this process took over, given what its dead writer had written. */
  takeOver: (writer: StreamWriter, written: readonly StreamEventRow[]) => Promise<void>;
}

interface LocalStream {
  id: string;
  lost: AbortSignal;
  events: StreamEventRow[];
  done: boolean;
  /** Wakes the listeners when events were written or the stream ended. */
  changed: Promise<void>;
}

const encoder = new TextEncoder();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The SSE text of one numbered event. */
export function numberedEvent(row: StreamEventRow): string {
  return `id: ${row.seq}\n${sseEvent(row.event)}`;
}

export function createStreamRelay(db: Db, logger: Logger): StreamRelay {
  const holder = `${process.pid}-${randomUUID()}`;
  const local = new Map<string, LocalStream>();
  let renewal: ReturnType<typeof setInterval> | undefined;
  let renewals = 0;

  let renewing = false;
  const renew = async () => {
    // A database slower than the renewal period must not get two renewals of the same rows at
    // once (on PostgreSQL they deadlock): the next tick renews instead.
    if (renewing) return;
    renewing = true;
    renewals += 1;
    try {
      await renewStreamLeases(db, holder, [...local.keys()]);
      if (renewals % PURGE_EVERY === 1) await purgeOldStreams(db);
    } catch (error) {
      logger.warn(`renewing stream leases failed: ${error instanceof Error ? error.message : error}`);
    } finally {
      renewing = false;
    }
  };
  const track = (streamId: string, stream: LocalStream) => {
    local.set(streamId, stream);
    if (!renewal) {
      renewal = setInterval(() => void renew(), STREAM_RENEW_MS);
      renewal.unref();
    }
  };
  const untrack = (streamId: string) => {
    local.delete(streamId);
    if (local.size === 0 && renewal) {
      clearInterval(renewal);
      renewal = undefined;
    }
  };

  /** Runs `write` until it succeeds, for WRITE_RETRY_MS at most. */
  async function retried<T>(what: string, write: () => Promise<T>): Promise<T> {
    const until = Date.now() + WRITE_RETRY_MS;
    for (let wait = 50; ; wait = Math.min(wait * 2, 1_000)) {
      try {
        return await write();
      } catch (error) {
        if (Date.now() > until) throw error;
        logger.warn(`${what} failed, retrying: ${error instanceof Error ? error.message : error}`);
        await sleep(wait);
      }
    }
  }

  /** What one stream this process writes has queued for the next write. */
  interface Pending {
    stream: LocalStream;
    lost: AbortController;
    notify: () => void;
    seq: number;
    queued: StreamEvent[];
    /** Set by `end`: the stream is marked finished with the next write, which resolves this. */
    finish: (() => void) | null;
    /**
     * The priority of the request that started the stream (query-priority.ts) until its first
     * events are written; null after: its first token is out.
     */
    firstPriority: number | null;
  }
  /** Streams with events or an end waiting to be written. */
  const dirty = new Set<Pending>();
  /** Streams with a write under way: their next write waits for it, so events stay in order. */
  const inFlight = new Set<Pending>();

  /**
   * Two lanes, each one statement at a time (issue 14 §6): `first` writes streams' first events
   * at their requests' priority; `later` writes every other event and end behind the requests
   * of the next second (`behindRequests`). A send waiting for its first token never waits for a
   * write of other answers' later tokens that is itself giving way to sends.
   */
  type Lane = 'first' | 'later';
  const busy = new Set<Lane>();
  const laneOf = (pending: Pending): Lane =>
    pending.firstPriority !== null && pending.queued.length > 0 ? 'first' : 'later';
  const ready = (lane: Lane) => (pending: Pending) => !inFlight.has(pending) && laneOf(pending) === lane;

  /**
   * Writes what the lane's streams have queued in one statement, again until none has more:
   * while one write is under way, their tokens gather for the next (fair: each stream's queue
   * goes out whole with every write).
   */
  const drain = async (lane: Lane) => {
    for (;;) {
      const batch = [...dirty].filter(ready(lane)).map((pending) => {
        const entry = { pending, firstSeq: pending.seq, events: pending.queued, finish: pending.finish };
        pending.queued = [];
        pending.finish = null;
        dirty.delete(pending);
        inFlight.add(pending);
        return entry;
      });
      if (batch.length === 0) return;
      try {
        await writeBatch(lane, batch);
      } finally {
        for (const { pending } of batch) inFlight.delete(pending);
      }
      // Streams that leave this lane (their first events are out) go on in the other.
      kick(lane === 'first' ? 'later' : 'first');
    }
  };
  const kick = (lane: Lane) => {
    if (busy.has(lane) || ![...dirty].some(ready(lane))) return;
    busy.add(lane);
    void drain(lane).finally(() => {
      busy.delete(lane);
      kick(lane);
    });
  };

  const writeBatch = async (
    lane: Lane,
    batch: { pending: Pending; firstSeq: number; events: StreamEvent[]; finish: (() => void) | null }[],
  ) => {
    for (const { pending, finish } of batch) if (pending.lost.signal.aborted) finish?.();
    const live = batch.filter(({ pending }) => !pending.lost.signal.aborted);
    if (live.length === 0) return;
    const priority =
      lane === 'first'
        ? Math.min(...live.flatMap(({ pending }) => pending.firstPriority ?? []))
        : behindRequests();
    let held: Set<string>;
    try {
      held = await retried(`writing ${live.length} streams`, () =>
        queryPriority.run(priority, () =>
          appendStreamEvents(
            db,
            holder,
            live.map((e) => ({
              streamId: e.pending.stream.id,
              firstSeq: e.firstSeq,
              events: e.events,
              finish: e.finish !== null,
            })),
          ),
        ),
      );
    } catch (error) {
      // The database stayed away: these streams end; their leases lapse and a resuming
      // listener ends each from what was written.
      logger.error(`${live.length} streams could not be written`, error);
      for (const { pending, finish } of live) {
        pending.lost.abort(error);
        finish?.();
        pending.notify();
      }
      return;
    }
    for (const { pending, firstSeq, events, finish } of live) {
      if (!held.has(pending.stream.id)) {
        pending.lost.abort(new Error(`stream ${pending.stream.id} was taken over by another process`));
      } else {
        pending.seq += events.length;
        if (events.length > 0) pending.firstPriority = null;
        events.forEach((event, i) => {
          pending.stream.events.push({ seq: firstSeq + i, event });
        });
      }
      finish?.();
      pending.notify();
    }
  };

  function write(streamId: string, nextSeq = 1): StreamWriter {
    const lost = new AbortController();
    let wake!: () => void;
    const stream: LocalStream = {
      id: streamId,
      lost: lost.signal,
      events: [],
      done: false,
      changed: new Promise((resolve) => (wake = resolve)),
    };
    const pending: Pending = {
      stream,
      lost,
      seq: nextSeq,
      queued: [],
      finish: null,
      firstPriority: currentPriority(),
      notify: () => {
        const woken = wake;
        stream.changed = new Promise((resolve) => (wake = resolve));
        woken();
      },
    };
    const writer: StreamWriter = {
      streamId,
      holder,
      lost: lost.signal,
      push(event) {
        if (lost.signal.aborted) return;
        pending.queued.push(event);
        dirty.add(pending);
        kick(laneOf(pending));
      },
      async end() {
        if (!lost.signal.aborted)
          await new Promise<void>((resolve) => {
            pending.finish = resolve;
            dirty.add(pending);
            kick(laneOf(pending));
          });
        stream.done = true;
        untrack(streamId);
        pending.notify();
      },
    };
    track(streamId, stream);
    return writer;
  }

  function follow(streamId: string, afterSeq: number, options: FollowOptions): ReadableStream<Uint8Array> {
    let open = true;
    let keepAlive: ReturnType<typeof setInterval> | undefined;
    let last = afterSeq;
    return new ReadableStream<Uint8Array>({
      start(controller) {
        const send = (text: string) => {
          if (open) controller.enqueue(encoder.encode(text));
        };
        /** The rows after the last one sent (rows are in order), as one chunk: one socket write. */
        const sendRows = (rows: readonly StreamEventRow[]) => {
          let from = rows.length;
          while (from > 0 && (rows[from - 1]?.seq ?? 0) > last) from -= 1;
          let text = '';
          for (const row of rows.slice(from)) {
            text += numberedEvent(row);
            last = row.seq;
          }
          if (text) send(text);
        };
        keepAlive = setInterval(() => send(KEEP_ALIVE), options.keepAliveMs);
        // The stream this process writes, kept once found: its end untracks it, and its last
        // events are then still here, not to be read back from the database.
        let followed: LocalStream | undefined;
        const run = async () => {
          while (open) {
            const mine = followed ?? local.get(streamId);
            if (mine) {
              followed = mine;
              const changed = mine.changed;
              sendRows(mine.events);
              if (mine.done) {
                // Ended here, or lost to another process: what it wrote is in the database.
                if (!mine.lost.aborted) return;
                followed = undefined;
                continue;
              }
              await changed;
              continue;
            }
            const row = await findStream(db, streamId);
            sendRows(await readStreamEvents(db, streamId, last));
            if (!row || row.finished) return;
            if (row.lease_lapsed && (await takeOverStream(db, streamId, holder))) {
              logger.warn(`stream ${streamId}: its writer ${row.holder} is gone; ending it here`);
              const written = await readStreamEvents(db, streamId, 0);
              const writer = write(streamId, (written.at(-1)?.seq ?? 0) + 1);
              void options.takeOver(writer, written).catch((error) => {
                logger.error(`taking over stream ${streamId} failed`, error);
                void writer.end();
              });
              continue;
            }
            await sleep(REMOTE_POLL_MS);
          }
        };
        const runSafely = async () => {
          for (;;) {
            try {
              await run();
              return;
            } catch (error) {
              // The database is away (a restart): keep the listener, try again shortly.
              logger.warn(`following stream ${streamId}: ${error instanceof Error ? error.message : error}`);
              await sleep(250);
            }
          }
        };
        void runSafely().finally(() => {
          clearInterval(keepAlive);
          if (!open) return;
          open = false;
          controller.close();
        });
      },
      cancel() {
        // The listener left; the answer goes on being written, to be resumed.
        open = false;
        clearInterval(keepAlive);
      },
    });
  }

  return { holder, write, follow };
}
