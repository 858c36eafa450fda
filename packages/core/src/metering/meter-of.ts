import type { MeteredResource, Usage } from '@doppel/protocol';

/**
 * One resource's meter: its quota (-1 unlimited), what was used of it, and whether overage
 * billing lets use go on past the quota. Every limit rule of this folder reads a meter, so the
 * text counter, the call countdown and the server's charge decide alike.
 */
export interface Meter {
  quota: number;
  used: number;
  overage: boolean;
}

/**
 * The meter of one resource in a usage answer.
 * Why: spec/calls.md §3 — usage and quota of messages, voice_seconds, video_seconds;
 * billing.is_overage_enabled.
 */
export function meterOf(usage: Usage, resource: MeteredResource): Meter {
  return {
    quota: usage.quota[resource],
    used: usage.usage[resource],
    overage: usage.billing.is_overage_enabled,
  };
}
