import type { MeteredResource, RelationshipType, Usage } from '@doppel/protocol';
import { exemptFromLimits } from './exempt-from-limits';
import { meterOf } from './meter-of';
import { quotaExhausted } from './quota-exhausted';
import { resourcePermission } from './resource-permission';

/** The facts a paywall decision reads, for any metered resource. */
export interface PaywallTriggerInput {
  signedIn: boolean;
  /** Clone option requireEmail; false means anonymous mode, never a paywall. */
  requireEmail: boolean;
  /** The latest usage from the server (signed in or anonymous); null while unknown. */
  usage: Usage | null;
  /** The visitor's quota of the resource in its unit (`anonymousQuota`); -1 unlimited. */
  anonymousQuota: number;
  /** What the visitor used of it as the app counts it: messages sent, call seconds kept locally. */
  anonymousUsed: number;
  /** Whitelabel embed: no paywall dialog for anonymous visitors. */
  whitelabel?: boolean;
  /** The embed's capture flow collects the e-mail at the anonymous limit instead of the dialog. */
  captureActive?: boolean;
  /** The user's relationship with the clone; defaults to the usage answer's. */
  relationshipType?: RelationshipType | null;
}

/** Which trigger fired, and whether the paywall opens. */
export interface PaywallTriggers {
  /** (a) the server refuses the resource (`can_send_message`, `can_make_call`, `can_make_video_call` false). */
  permissionRefused: boolean;
  /** (b) a visitor has used the anonymous quota. */
  anonymousLimitReached: boolean;
  /** (c) the usage reached a quota that is not -1, overage off. */
  quotaReached: boolean;
  /** A trigger fired and the paywall dialog exists for this caller. */
  open: boolean;
}

const NONE: PaywallTriggers = {
  permissionRefused: false,
  anonymousLimitReached: false,
  quotaReached: false,
  open: false,
};

/**
 * The paywall's triggers for messages, voice seconds or video seconds: (a) the server refuses
 * the resource; (b) a visitor used the anonymous quota; (c) the quota is exhausted. Nothing
 * fires when e-mail is not required or for creators and contributors. A usage answer for the
 * other side of a sign-in (an anonymous one once signed in, or the reverse) is stale and
 * ignored. Anonymous visitors get no dialog in whitelabel embeds or while the capture flow asks
 * for the e-mail.
 * Why: spec/calls.md §5 — voice paywall triggers (a)(b)(c), "Not opened when email is not
 * required", video blocked likewise; §6 — owners exempt; spec/chat.md §6 — the text paywall
 * (anonymous quota, can_send_message, usage at or above quota without overage, no dialog in
 * whitelabel mode); §4 — capture instead of the dialog.
 */
export function paywallTriggers(resource: MeteredResource, input: PaywallTriggerInput): PaywallTriggers {
  const relationship =
    input.relationshipType === undefined ? (input.usage?.relationship ?? null) : input.relationshipType;
  if (!input.requireEmail || exemptFromLimits(relationship)) return NONE;
  const usage = input.usage?.anonymous === !input.signedIn ? input.usage : null;
  const permissionRefused = usage !== null && !usage.permissions[resourcePermission(resource)];
  const anonymousLimitReached =
    !input.signedIn &&
    quotaExhausted({ quota: input.anonymousQuota, used: input.anonymousUsed, overage: false });
  const quotaReached = usage !== null && quotaExhausted(meterOf(usage, resource));
  const noDialog = !input.signedIn && (input.whitelabel === true || input.captureActive === true);
  const open = !noDialog && (permissionRefused || anonymousLimitReached || quotaReached);
  return { permissionRefused, anonymousLimitReached, quotaReached, open };
}
