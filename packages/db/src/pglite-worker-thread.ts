/**
 * @module The PGlite worker thread: opens PGlite (pglite-db.ts, prepared statements and all) on
 * a thread of its own and answers pglite-worker.ts's requests, so the database's work (WASM
 * that runs to completion) never blocks the server's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Queryable } from './db';
import { openPgliteDb, type PgliteDb } from './pglite-db';
import {
  OPENED,
  toWorkerError,
  type WorkerReply,
  WorkerRequest,
  WorkerStart,
} from './pglite-worker-protocol';

if (!parentPort) throw new Error('pglite-worker-thread runs as a worker thread');
const port = parentPort;
const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const failed = (id: number, error: unknown) => reply({ id, ok: false, error: toWorkerError(error) });

/** Thrown inside a transaction the caller ends with ROLLBACK: PGlite rolls back on a throw. */
class RollBack extends Error {}

interface OpenTransaction {
  tx: Queryable;
  /** Ends the transaction: resolves the promise its `transaction` callback waits on. */
  end(commit: boolean): void;
  /** Settles once COMMIT or ROLLBACK ran. */
  ended: Promise<void>;
}

const start = WorkerStart.parse(workerData);
const transactions = new Map<number, OpenTransaction>();
let db: PgliteDb;

/** Opens transaction `txId`; resolves once it has ended (COMMIT or ROLLBACK ran, or BEGIN failed). */
function begin(id: number, txId: number): Promise<void> {
  let end!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => {
    end = resolve;
  });
  let opened!: (tx: Queryable) => void;
  const ready = new Promise<Queryable>((resolve) => {
    opened = resolve;
  });
  const ended = db
    .transaction(async (tx) => {
      opened(tx);
      if (!(await decided)) throw new RollBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error;
    });
  let began = false;
  // BEGIN itself may fail (the database closed): answer the waiting caller with that.
  ended.catch((error: unknown) => {
    if (!began) failed(id, error);
  });
  void ready.then((tx) => {
    began = true;
    transactions.set(txId, { tx, end, ended });
    reply({ id, ok: true });
  });
  return ended.catch(() => undefined);
}

async function handle(request: WorkerRequest): Promise<void> {
  const { id } = request;
  try {
    switch (request.op) {
      case 'query': {
        const conn = request.tx === undefined ? db : transactionOf(request.tx).tx;
        const rows = await conn.query<Record<string, unknown>>(request.sql, request.params, request.options);
        return reply({ id, ok: true, rows });
      }
      case 'exec': {
        const conn = request.tx === undefined ? db : transactionOf(request.tx).tx;
        await conn.exec?.(request.sql);
        return reply({ id, ok: true });
      }
      case 'begin':
        return await begin(id, request.tx);
      case 'end': {
        const open = transactionOf(request.tx);
        transactions.delete(request.tx);
        open.end(request.commit);
        await open.ended;
        return reply({ id, ok: true });
      }
      case 'dump': {
        const dump = await (await db.dump()).arrayBuffer();
        return reply({ id, ok: true, dump }, [dump]);
      }
      case 'close':
        await db.close();
        return reply({ id, ok: true }); // the server's thread then terminates this one
    }
  } catch (error) {
    failed(id, error);
  }
}

/**
 * One statement (or one whole transaction, BEGIN to COMMIT) at a time, the waiting one of lowest
 * priority first (query-priority.ts); statements of the open transaction, its end, dumps and
 * close go straight to PGlite (which keeps them in order under its own lock).
 */
const waiting: { priority: number; seq: number; request: WorkerRequest }[] = [];
let running = false;
let arrivals = 0;
let choosing = false;

/**
 * Chooses on the next turn, not now: requests that came while PGlite was computing are still
 * in the port, and are delivered first, so the choice sees all of them.
 */
function chooseSoon(): void {
  if (choosing) return;
  choosing = true;
  setImmediate(() => {
    choosing = false;
    runNext();
  });
}

function schedule(request: WorkerRequest): void {
  if (!('priority' in request) || ('tx' in request && request.tx !== undefined && request.op !== 'begin')) {
    void handle(request);
    return;
  }
  waiting.push({ priority: request.priority, seq: arrivals++, request });
  chooseSoon();
}

function runNext(): void {
  if (running || waiting.length === 0) return;
  let best = 0;
  for (let i = 1; i < waiting.length; i++) {
    const a = waiting[i];
    const b = waiting[best];
    if (a && b && (a.priority < b.priority || (a.priority === b.priority && a.seq < b.seq))) best = i;
  }
  const [next] = waiting.splice(best, 1);
  if (!next) return;
  running = true;
  void handle(next.request).finally(() => {
    running = false;
    chooseSoon();
  });
}

function transactionOf(tx: number): OpenTransaction {
  const open = transactions.get(tx);
  if (!open) throw new Error(`No open transaction ${tx}`);
  return open;
}

try {
  db = await openPgliteDb(start.dataDir, {
    prepare: start.prepare,
    ...(start.loadDataDir && { loadDataDir: new Blob([start.loadDataDir]) }),
  });
  port.on('message', (message: unknown) => {
    const request = WorkerRequest.safeParse(message);
    if (!request.success) {
      const id = typeof message === 'object' && message && 'id' in message ? Number(message.id) : Number.NaN;
      return failed(id, new Error(`Bad request to the PGlite worker: ${request.error.message}`));
    }
    schedule(request.data);
  });
  reply({ id: OPENED, ok: true });
} catch (error) {
  failed(OPENED, error);
}
