/** @module Ids in paths and bodies are uuids; anything else cannot name a row (404, not 500). */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` can be compared with a uuid column without a database error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
