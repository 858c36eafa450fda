import { SECONDS_PER_MINUTE, UNLIMITED } from '@doppel/protocol';
import { isUnlimited } from './is-unlimited';

/**
 * A quota in minutes as seconds: minutes × 60 (a fraction of a minute to the nearest second);
 * -1 (unlimited) stays -1.
 * Why: spec/calls.md §6 / §9 — voice_minutes and video_minutes times 60 seconds.
 */
export function secondsOfMinutes(minutes: number): number {
  return isUnlimited(minutes) ? UNLIMITED : Math.round(minutes * SECONDS_PER_MINUTE);
}
