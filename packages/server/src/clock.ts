/** @module The time the server reads, injectable so that tests can expire codes and sessions. */

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
