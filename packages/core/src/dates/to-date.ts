/** Anything the API or the app uses for a moment in time: a Date, an ISO string or epoch ms. */
export type DateInput = Date | string | number;

/**
 * Turns an API timestamp (ISO string), epoch milliseconds or a Date into a Date. Invalid input
 * gives an Invalid Date (NaN time) rather than throwing, so callers can skip it with `isValid`.
 * Why: spec/chat.md §3 — messages and conversations carry `createdAt`/`updatedAt` as strings.
 */
export function toDate(value: DateInput): Date {
  return value instanceof Date ? new Date(value.getTime()) : new Date(value);
}
