/**
 * @module Errors that say the database was away for a moment (a restart, a dropped connection),
 * not that the statement was wrong: worth one more try once it is back (issue 14 §4).
 */

/** PostgreSQL's SQLSTATEs for a server shutting down or starting, and lost connections. */
const TRANSIENT_CODES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
]);

/** Whether `error` came from the database being unreachable rather than from the statement. */
export function isTransientDatabaseError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && TRANSIENT_CODES.has(code)) return true;
  // pg's own wording when the server ends a connection it was using.
  return typeof message === 'string' && /^Connection terminated|connection error/i.test(message);
}
