/**
 * @module Thrown when a request's body breaks off before its end: the client closed the
 * connection mid-upload, or the server's request timeout cut a client that sent too slowly.
 * That is the client's doing, not the server's: app.onError answers 400 and logs it at info,
 * never as a 500 or an error line.
 */

/** The 400 message (rarely read: the client has usually gone). */
export const BODY_INCOMPLETE = 'Request body incomplete';

export class BodyAbortedError extends Error {
  constructor(cause: unknown) {
    super(BODY_INCOMPLETE, { cause });
    this.name = 'BodyAbortedError';
  }
}
