import { OWNER_RELATIONSHIPS, type RelationshipType, SECONDS_PER_MINUTE, type Usage } from '@doppel/protocol';
import { isUnlimited } from './is-unlimited';

/** The facts the voice paywall reads. */
export interface VoicePaywallInput {
  signedIn: boolean;
  requireEmail: boolean;
  /** The latest usage from the server; null while unknown. */
  usage: Usage | null;
  /** monetization.anonymous_quota.voice_minutes (-1 unlimited). */
  anonymousVoiceMinutes: number;
  /** Voice seconds the anonymous visitor has used with this clone (kept locally). */
  anonymousVoiceSecondsUsed: number;
  /** The user's relationship with the clone; owners have no call limits. */
  relationshipType?: RelationshipType | null;
}

/** Which of the spec's three triggers fired, and whether the paywall opens. */
export interface VoicePaywallTriggers {
  /** (a) the server says `can_make_call: false`. */
  permissionRefused: boolean;
  /** (b) a visitor has used the anonymous voice minutes. */
  anonymousLimitReached: boolean;
  /** (c) used voice seconds reached a quota that is not -1, overage off. */
  quotaReached: boolean;
  /** Any trigger fired, e-mail is required and the user does not own the clone. */
  open: boolean;
}

/**
 * The voice paywall's triggers: (a) can_make_call explicitly false; (b) not signed in, e-mail
 * required, and the anonymous voice minutes (× 60 s) used up; (c) used voice seconds at or above
 * a quota that is not -1, unless e-mail is not required or overage is on. Never opened when
 * e-mail is not required; creators and contributors are exempt from call limits.
 * Why: spec/calls.md §5 (voice paywall triggers) and §6 (roles).
 */
export function voicePaywallTriggers(input: VoicePaywallInput): VoicePaywallTriggers {
  const { usage } = input;
  const permissionRefused = usage?.permissions.can_make_call === false;
  const anonymousLimitReached =
    !input.signedIn &&
    input.requireEmail &&
    !isUnlimited(input.anonymousVoiceMinutes) &&
    input.anonymousVoiceSecondsUsed >= input.anonymousVoiceMinutes * SECONDS_PER_MINUTE;
  const quotaReached =
    usage !== null &&
    input.requireEmail &&
    !usage.billing.is_overage_enabled &&
    !isUnlimited(usage.quota.voice_seconds) &&
    usage.usage.voice_seconds >= usage.quota.voice_seconds;
  const owner = input.relationshipType != null && OWNER_RELATIONSHIPS.includes(input.relationshipType);
  const open = input.requireEmail && !owner && (permissionRefused || anonymousLimitReached || quotaReached);
  return { permissionRefused, anonymousLimitReached, quotaReached, open };
}
