/**
 * @module Tavus's conversation callbacks, as Tavus posts them to the conversation's
 * `callback_url`: every one has `conversation_id`, `event_type`, `message_type` (`system` or
 * `application`), `timestamp` and its own `properties`. The ones read here:
 * `system.replica_joined`; `system.shutdown` (`shutdown_reason`); `application.transcription_ready`
 * (`transcript`: the conversation's messages, `system` first); `application.recording_ready`
 * (`bucket_name`, `s3_key`, `duration` in seconds).
 */
import { z } from 'zod';

export const TavusCallback = z.object({
  conversation_id: z.string().min(1).max(200),
  event_type: z.string().min(1).max(100),
  message_type: z.enum(['system', 'application', 'conversation']),
  timestamp: z.string().min(1).max(100),
  webhook_url: z.string().optional(),
  properties: z.record(z.string(), z.unknown()).default({}),
});
export type TavusCallback = z.infer<typeof TavusCallback>;

export const ShutdownProperties = z.object({ shutdown_reason: z.string().max(500).default('') });

export const TranscriptionReadyProperties = z.object({
  transcript: z
    .array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() }))
    .max(5000),
});

export const RecordingReadyProperties = z.object({
  bucket_name: z.string().max(300).optional(),
  s3_key: z.string().min(1).max(1024),
  duration: z.number().nonnegative().optional(),
});

/**
 * spec/calls.md §4, §8: why the room shut down, as the video call records it. The end of the
 * maximum duration is the 1-hour limit; a room nobody is in any more, or that was deleted, is
 * inactivity; the end endpoint is the page hanging up; anything else is a failure.
 */
export function shutdownReason(reason: string): 'time-limit' | 'inactivity' | 'hangup' | 'error' {
  if (reason.includes('max_call_duration')) return 'time-limit';
  if (/participant_left_timeout|participant_absent_timeout|daily_room_has_been_deleted/.test(reason))
    return 'inactivity';
  if (reason.includes('end_conversation_endpoint_hit')) return 'hangup';
  return 'error';
}
