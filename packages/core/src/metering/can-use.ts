import type { MeteredResource, Usage } from '@doppel/protocol';
import { meterOf } from './meter-of';
import { quotaExhausted } from './quota-exhausted';
import { resourcePermission } from './resource-permission';

/**
 * Whether the usage allows one more message, or starting a voice or video call: the server has
 * not refused it (`can_send_message`, `can_make_call`, `can_make_video_call`) and the meter is
 * not exhausted.
 * Why: spec/chat.md §6 — can_send_message false, or usage at or above quota without overage,
 * opens the paywall; spec/calls.md §5 — voice start disabled when can_make_call is false or the
 * quota is used without overage; video blocked likewise.
 */
export function canUse(usage: Usage, resource: MeteredResource): boolean {
  return usage.permissions[resourcePermission(resource)] && !quotaExhausted(meterOf(usage, resource));
}
