import { type Membership, type MeteredResource, UNLIMITED, UNLIMITED_MESSAGES_ABOVE } from '@doppel/protocol';
import { isUnlimited } from './is-unlimited';
import { secondsOfMinutes } from './seconds-of-minutes';

/** The parts of a membership tier that set its quotas. */
export type TierAllowances = Pick<
  Membership,
  | 'includedMessagesPerMonth'
  | 'voiceEnabled'
  | 'includedMinutesPerMonth'
  | 'videoEnabled'
  | 'includedVideoMinutesPerMonth'
>;

/**
 * A membership tier's monthly quota of one resource: messages per month, unlimited for -1 or
 * above 99,999; voice and video minutes × 60 seconds when the tier enables that medium, else 0.
 * Why: spec/calls.md §9 — "messages per month above 99999 shown as 'Unlimited'", minutes only
 * when voice / video is enabled; §3 — includedMinutesPerMonth, includedVideoMinutesPerMonth.
 */
export function tierQuota(tier: TierAllowances, resource: MeteredResource): number {
  if (resource === 'voice_seconds') {
    return tier.voiceEnabled ? secondsOfMinutes(tier.includedMinutesPerMonth) : 0;
  }
  if (resource === 'video_seconds') {
    return tier.videoEnabled ? secondsOfMinutes(tier.includedVideoMinutesPerMonth) : 0;
  }
  const perMonth = tier.includedMessagesPerMonth;
  return isUnlimited(perMonth) || perMonth > UNLIMITED_MESSAGES_ABOVE ? UNLIMITED : perMonth;
}
