import type { MeteredResource, Usage } from '@doppel/protocol';

const PERMISSIONS = {
  messages: 'can_send_message',
  voice_seconds: 'can_make_call',
  video_seconds: 'can_make_video_call',
} as const satisfies Record<MeteredResource, keyof Usage['permissions']>;

/**
 * The usage answer's permission that allows using a resource.
 * Why: spec/calls.md §3 — permissions.can_make_call, can_make_video_call; spec/chat.md §6 —
 * can_send_message.
 */
export function resourcePermission(resource: MeteredResource): keyof Usage['permissions'] {
  return PERMISSIONS[resource];
}
