import { type Membership, UNLIMITED_MESSAGES_ABOVE } from '@doppel/protocol';
import { isUnlimited } from '../quota/is-unlimited';

const count = (n: number): string => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);

/** An allowance line: 'Unlimited …' for -1 or above 99999, otherwise the number. */
function allowance(n: number, one: string, many: string): string {
  if (isUnlimited(n) || n > UNLIMITED_MESSAGES_ABOVE) return `Unlimited ${many}`;
  return `${count(n)} ${plural(n, one, many)}`;
}

/**
 * The benefit lines of a membership card, in order: messages per month (always; 'Unlimited'
 * above 99999), voice minutes if voice is enabled with minutes above 0 (or unlimited), video
 * minutes likewise, then text messages (SMS) and Telegram when enabled.
 * Why: spec/calls.md §9 — benefit list.
 */
export function membershipBenefits(membership: Membership): string[] {
  const lines = [allowance(membership.includedMessagesPerMonth, 'message per month', 'messages per month')];
  const voice = membership.includedMinutesPerMonth;
  if (membership.voiceEnabled && (voice > 0 || isUnlimited(voice))) {
    lines.push(allowance(voice, 'voice call minute per month', 'voice call minutes per month'));
  }
  const video = membership.includedVideoMinutesPerMonth;
  if (membership.videoEnabled && (video > 0 || isUnlimited(video))) {
    lines.push(allowance(video, 'video call minute per month', 'video call minutes per month'));
  }
  if (membership.smsEnabled) lines.push('Text messages (SMS)');
  if (membership.telegramEnabled) lines.push('Telegram messages');
  return lines;
}
