import type { AnonymousQuota, MeteredResource } from '@doppel/protocol';
import { secondsOfMinutes } from './seconds-of-minutes';

/**
 * A visitor's quota of one resource, from the clone's monetization.anonymous_quota: messages as
 * they are, voice and video minutes × 60 seconds (-1 unlimited).
 * Why: spec/calls.md §6 — "Anonymous visitor: anonymous_quota (voice minutes times 60 seconds;
 * video minutes times 60)"; spec/chat.md §6 — limited to anonymous_quota.messages.
 */
export function anonymousQuota(quota: AnonymousQuota, resource: MeteredResource): number {
  if (resource === 'voice_seconds') return secondsOfMinutes(quota.voice_minutes);
  if (resource === 'video_seconds') return secondsOfMinutes(quota.video_minutes);
  return quota.messages;
}
