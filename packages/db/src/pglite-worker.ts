/**
 * @module A `Db` over PGlite on a worker thread (issue 14 §6). PGlite runs PostgreSQL as
 * WebAssembly that computes to completion: on the server's thread every query stalled every
 * other request, static files and health checks included, for as long as it ran. Here the
 * server's thread only posts requests and receives rows; the worker (pglite-worker-thread.ts)
 * runs the same `openPgliteDb`, so SQL, values and errors are exactly those of the in-thread Db.
 */
import { Worker } from 'node:worker_threads';
import type { Db, Queryable, QueryOptions } from './db';
import type { PgliteDb, PgliteDbOptions } from './pglite-db';
import {
  fromWorkerError,
  OPENED,
  WorkerReply,
  type WorkerRequest,
  type WorkerStart,
} from './pglite-worker-protocol';
import { currentPriority } from './query-priority';

type Pending = { resolve: (reply: WorkerReply & { ok: true }) => void; reject: (error: Error) => void };
/** A request without its id (the proxy numbers them). */
type Ask = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

/**
 * The worker's entry. Bundled (the server's dist/), `pglite-worker.mjs` sits beside the bundle
 * (build.mjs makes it an entry of its own); from the TypeScript sources (tests, tsx scripts) the
 * worker starts at `pglite-worker-boot.mjs`, which registers tsx and imports `pglite-worker-thread.ts`.
 */
function startWorker(start: WorkerStart): Worker {
  const here = import.meta.url;
  const transfer = start.loadDataDir ? [start.loadDataDir] : [];
  if (!/\.[cm]?ts$/.test(new URL(here).pathname))
    return new Worker(new URL('./pglite-worker.mjs', here), { workerData: start, transferList: transfer });
  return new Worker(new URL('./pglite-worker-boot.mjs', here), { workerData: start, transferList: transfer });
}

/**
 * Opens PGlite at `dataDir` (or 'memory://') on a worker thread. Same options and behaviour as
 * `openPgliteDb`; resolves once the worker has opened the database, rejects with its error.
 */
export async function openPgliteWorkerDb(dataDir: string, options: PgliteDbOptions = {}): Promise<PgliteDb> {
  const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  const worker = startWorker({
    dataDir,
    prepare: options.prepare ?? true,
    ...(loadDataDir && { loadDataDir }),
  });
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let nextTx = 0;
  let gone: Error | null = null;

  const settleAll = (error: Error) => {
    gone ??= error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
    worker.unref();
  };
  worker.on('message', (message: unknown) => {
    const reply = WorkerReply.parse(message);
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    // An idle worker must not keep the process alive (a CLI that forgot close still exits).
    if (pending.size === 0) worker.unref();
    if (reply.ok) waiting.resolve(reply);
    else waiting.reject(fromWorkerError(reply.error));
  });
  worker.on('error', (error) => settleAll(error));
  worker.on('exit', (code) => settleAll(new Error(`The PGlite worker exited (${code})`)));

  const wait = (id: number) =>
    new Promise<WorkerReply & { ok: true }>((resolve, reject) => {
      if (gone) return reject(gone);
      pending.set(id, { resolve, reject });
      worker.ref();
    });
  const ask = (request: Ask): Promise<WorkerReply & { ok: true }> => {
    const id = nextId++;
    const answer = wait(id);
    if (!gone) worker.postMessage({ ...request, id });
    return answer;
  };
  const rows = async <Row>(request: Ask): Promise<Row[]> => {
    const reply = await ask(request);
    // The worker answered with PGlite's rows: the caller names their shape, as with any Db.
    return 'rows' in reply ? (reply.rows as Row[]) : [];
  };

  try {
    await wait(OPENED);
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  const on = (tx: number | undefined): Queryable => ({
    query: <Row>(sql: string, params: readonly unknown[] = [], opts?: QueryOptions) =>
      rows<Row>({
        op: 'query',
        priority: currentPriority(),
        sql,
        params: [...params],
        ...(tx !== undefined && { tx }),
        ...(opts && { options: opts }),
      }),
    exec: async (sql: string) => {
      await ask({ op: 'exec', priority: currentPriority(), sql, ...(tx !== undefined && { tx }) });
    },
  });

  const db: Db = {
    kind: 'pglite',
    ...on(undefined),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const tx = nextTx++;
      await ask({ op: 'begin', tx, priority: currentPriority() });
      let result: T;
      try {
        result = await fn(on(tx));
      } catch (error) {
        await ask({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await ask({ op: 'end', tx, commit: true });
      return result;
    },
    async close() {
      if (gone) return;
      await ask({ op: 'close' });
      await worker.terminate();
    },
  };
  return {
    ...db,
    async dump() {
      const reply = await ask({ op: 'dump' });
      if (!('dump' in reply)) throw new Error('The PGlite worker answered a dump without data');
      return new Blob([reply.dump]);
    },
  };
}
