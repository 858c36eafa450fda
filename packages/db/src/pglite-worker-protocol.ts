/**
 * @module The messages between the server's thread and the PGlite worker thread
 * (pglite-worker.ts ↔ pglite-worker-thread.ts). Values travel by structured clone, so Dates,
 * Uint8Arrays and bigints arrive as they left; both sides parse what they receive.
 */
import { z } from 'zod';

const PlanOptions = z.object({ plan: z.enum(['cached', 'per-call']).optional() }).optional();

/**
 * What the server's thread asks; `tx` names an open transaction (BEGIN sent, not yet ended).
 * `priority` (query-priority.ts): of the requests waiting outside a transaction, the lowest runs next.
 */
export const WorkerRequest = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('query'),
    id: z.number(),
    tx: z.number().optional(),
    priority: z.number(),
    sql: z.string(),
    params: z.array(z.unknown()),
    options: PlanOptions,
  }),
  z.object({
    op: z.literal('exec'),
    id: z.number(),
    tx: z.number().optional(),
    priority: z.number(),
    sql: z.string(),
  }),
  /** Opens transaction `tx`; answered once BEGIN ran and the connection is held for it. */
  z.object({ op: z.literal('begin'), id: z.number(), tx: z.number(), priority: z.number() }),
  /** Ends transaction `tx`: COMMIT, or ROLLBACK when `commit` is false. */
  z.object({ op: z.literal('end'), id: z.number(), tx: z.number(), commit: z.boolean() }),
  z.object({ op: z.literal('dump'), id: z.number() }),
  z.object({ op: z.literal('close'), id: z.number() }),
]);
export type WorkerRequest = z.infer<typeof WorkerRequest>;

/** A thrown error as data: its message, name and own fields (PostgreSQL's `code`, `detail`…). */
export const WorkerError = z.object({
  message: z.string(),
  name: z.string(),
  stack: z.string().optional(),
  fields: z.record(z.string(), z.unknown()),
});
export type WorkerError = z.infer<typeof WorkerError>;

/** A row as PGlite made it: checked to be an object, not copied (rows can be many and large). */
const Row = z.custom<Record<string, unknown>>(
  (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
);

/** What the worker answers: to request `id`, or once when it opened (`id` -1). */
export const WorkerReply = z.union([
  z.object({ id: z.number(), ok: z.literal(true), rows: z.array(Row) }),
  z.object({ id: z.number(), ok: z.literal(true), dump: z.instanceof(ArrayBuffer) }),
  z.object({ id: z.number(), ok: z.literal(true) }),
  z.object({ id: z.number(), ok: z.literal(false), error: WorkerError }),
]);
export type WorkerReply = z.infer<typeof WorkerReply>;

/** What the worker is started with (`workerData`). */
export const WorkerStart = z.object({
  dataDir: z.string(),
  prepare: z.boolean(),
  loadDataDir: z.instanceof(ArrayBuffer).optional(),
});
export type WorkerStart = z.infer<typeof WorkerStart>;

/** The id of the reply that says the worker has opened the database (or failed to). */
export const OPENED = -1;

/** An error as data, keeping the fields callers test (`code`, `constraint`, `severity`…). */
export function toWorkerError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    fields[key] = value;
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}

/** The error again, on the other side: an `Error` with the same message, name and fields. */
export function fromWorkerError(data: WorkerError): Error {
  const error = new Error(data.message);
  Object.assign(error, data.fields);
  error.name = data.name;
  if (data.stack) error.stack = data.stack;
  return error;
}
