/**
 * @module What ran out, in the paywall's words: messages, call minutes (voice), or video call
 * minutes — spec/calls.md §5 words the video limit by itself ('your monthly video call quota'),
 * so the video screen's paywall says video, not the voice call's minutes.
 */
import type { MeteredResource } from '@doppel/protocol';

/** The plural noun of what `resource` counts, as the paywall's sentences use it. */
export function usedUpWords(resource: MeteredResource): string {
  if (resource === 'messages') return 'messages';
  return resource === 'video_seconds' ? 'video call minutes' : 'call minutes';
}
