/** @module The protocol `Usage` answer from what was used, the quotas and the clone's options. */
import { isUnlimited, remainingOf } from '@doppel/core';
import type { CloneOptions, RelationshipType, Usage, UsageAmounts } from '@doppel/protocol';
import type { Quotas } from './quotas';

export interface UsageAnswerInput {
  used: UsageAmounts;
  quotas: Quotas;
  options: Pick<CloneOptions, 'allowVoice' | 'allowVideo'>;
  signedIn: boolean;
  relationship: RelationshipType | null;
}

const within = (quota: number, used: number, overage: boolean) =>
  isUnlimited(quota) || overage || used < quota;

export function usageAnswer(input: UsageAnswerInput): Usage {
  const { used, quotas } = input;
  const { quota, overage } = quotas;
  return {
    usage: used,
    quota,
    remaining: {
      messages: remainingOf(quota.messages, used.messages),
      voice_seconds: remainingOf(quota.voice_seconds, used.voice_seconds),
      video_seconds: remainingOf(quota.video_seconds, used.video_seconds),
    },
    permissions: {
      can_send_message: within(quota.messages, used.messages, overage),
      can_make_call: input.options.allowVoice && within(quota.voice_seconds, used.voice_seconds, overage),
      can_make_video_call:
        input.options.allowVideo && within(quota.video_seconds, used.video_seconds, overage),
    },
    billing: { is_overage_enabled: overage },
    anonymous: !input.signedIn,
    relationship: input.relationship,
  };
}
