import type { Membership } from '@doppel/protocol';
import { isUnlimited } from '../metering/is-unlimited';
import { tierQuota } from '../metering/tier-quota';

const count = (n: number): string => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);

/** An allowance line: 'Unlimited …' when the tier's quota is unlimited, otherwise the number. */
function allowance(n: number, quota: number, one: string, many: string): string {
  if (isUnlimited(quota)) return `Unlimited ${many}`;
  return `${count(n)} ${plural(n, one, many)}`;
}

/** What the deployment offers (the clone profile's `features`): a card promises nothing else. */
export interface OfferedMedia {
  voiceCall: boolean;
  videoCall: boolean;
  sms: boolean;
  telegram: boolean;
}

const EVERYTHING: OfferedMedia = { voiceCall: true, videoCall: true, sms: true, telegram: true };

/**
 * The benefit lines of a membership card, in order: messages per month (always; 'Unlimited'
 * above 99999, the tier's quota rule `tierQuota`), voice minutes if voice is enabled with minutes above 0 (or unlimited), video
 * minutes likewise, then text messages (SMS) and Telegram when enabled.
 * Lines for what the deployment does not offer (`offered`, the clone's features) are left out.
 * Why: spec/calls.md §9 — benefit list; issue 9 §15 — the copy matches what is offered.
 */
export function membershipBenefits(membership: Membership, offered: OfferedMedia = EVERYTHING): string[] {
  const lines = [
    allowance(
      membership.includedMessagesPerMonth,
      tierQuota(membership, 'messages'),
      'message per month',
      'messages per month',
    ),
  ];
  // tierQuota is 0 when the medium is off or has no minutes: that line is left out.
  const voice = tierQuota(membership, 'voice_seconds');
  if (voice !== 0 && offered.voiceCall) {
    lines.push(
      allowance(
        membership.includedMinutesPerMonth,
        voice,
        'voice call minute per month',
        'voice call minutes per month',
      ),
    );
  }
  const video = tierQuota(membership, 'video_seconds');
  if (video !== 0 && offered.videoCall) {
    lines.push(
      allowance(
        membership.includedVideoMinutesPerMonth,
        video,
        'video call minute per month',
        'video call minutes per month',
      ),
    );
  }
  if (membership.smsEnabled && offered.sms) lines.push('Text messages (SMS)');
  if (membership.telegramEnabled && offered.telegram) lines.push('Telegram messages');
  return lines;
}
