/** @module The protocol `Usage` answer from what was used, the quotas and the clone's options. */
import { quotaExhausted, remainingOf } from '@doppel/core';
import type { CloneOptions, MeteredResource, RelationshipType, Usage, UsageAmounts } from '@doppel/protocol';
import type { Quotas } from './quotas';

export interface UsageAnswerInput {
  used: UsageAmounts;
  quotas: Quotas;
  options: Pick<CloneOptions, 'allowVoice' | 'allowVideo'>;
  signedIn: boolean;
  relationship: RelationshipType | null;
}

/**
 * Remaining amounts (core `remainingOf`) and permissions: a resource may be used while its
 * meter is not exhausted (core `quotaExhausted`); calls also need the clone to allow the medium.
 */
export function usageAnswer(input: UsageAnswerInput): Usage {
  const { used, quotas } = input;
  const { quota, overage } = quotas;
  const open = (resource: MeteredResource) =>
    !quotaExhausted({ quota: quota[resource], used: used[resource], overage });
  return {
    usage: used,
    quota,
    remaining: {
      messages: remainingOf(quota.messages, used.messages),
      voice_seconds: remainingOf(quota.voice_seconds, used.voice_seconds),
      video_seconds: remainingOf(quota.video_seconds, used.video_seconds),
    },
    permissions: {
      can_send_message: open('messages'),
      can_make_call: input.options.allowVoice && open('voice_seconds'),
      can_make_video_call: input.options.allowVideo && open('video_seconds'),
    },
    billing: { is_overage_enabled: overage },
    anonymous: !input.signedIn,
    relationship: input.relationship,
  };
}
