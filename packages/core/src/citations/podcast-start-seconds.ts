import { mediaSeconds } from './media-seconds';

/**
 * The start time, in seconds, handed to the podcast embed for a citation's timestamp.
 * Why: spec/chat.md §9 — the podcast embed start time is the timestamp divided by 1000,
 * rounded. A missing timestamp starts at 0.
 */
export function podcastStartSeconds(ms: number | null | undefined): number {
  return ms == null ? 0 : mediaSeconds(ms);
}
