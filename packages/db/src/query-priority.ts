/**
 * @module Which waiting query PGlite runs next (issue 14 §6). PGlite runs one statement at a
 * time; in arrival order, 50 sends arriving together each queue their next statement behind
 * everyone else's, so all of them reach their first token late, together. Ordered by when the
 * request each statement serves began, the earliest request finishes its work first: the same
 * total work, but answers start one after the other instead of all at the end. A request runs
 * its handler inside `queryPriority.run(startedAt, …)`; health checks use URGENT; work that
 * can wait (an answer's later tokens, its storing) runs `behindRequests()`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** The start time (performance.now(), ms) of the request the current code works for. */
export const queryPriority = new AsyncLocalStorage<number>();

/** Before every request: a probe that must answer during any burst (health checks). */
export const URGENT = 0;

/** The priority of a statement issued now: its request's start, or now for work of no request. */
export const currentPriority = (): number => queryPriority.getStore() ?? performance.now();

/**
 * How long work that can wait gives way to requests: its statements run after those of every
 * request that begins within this time of them (issue 14 §6: a send waiting for its first token
 * comes before more tokens of answers already streaming), and never later.
 */
export const GIVE_WAY_MS = 1_000;

/** The priority of work that can wait: behind the requests of the next GIVE_WAY_MS. */
export const behindRequests = (): number => performance.now() + GIVE_WAY_MS;
