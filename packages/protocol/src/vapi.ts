/**
 * @module What Vapi posts to POST /api/webhooks/vapi (its server messages, `{message: {...}}`):
 * only the end-of-call report is read (ServerMessageEndOfCallReport in @vapi-ai/web's api.ts);
 * every other type is acknowledged and ignored.
 */
import { z } from 'zod';

/** Any server message: its type decides what is read. */
export const VapiServerMessage = z.object({ message: z.object({ type: z.string().min(1) }).loose() });

/** One line of the call's artifact: the caller (`user`), the clone (`bot`/`assistant`), or others. */
export const VapiArtifactMessage = z
  .object({ role: z.string(), message: z.string().optional(), time: z.number().optional() })
  .loose();

/** spec/calls.md §7: the end-of-call report — the call, its transcript, its recording, its length. */
export const VapiEndOfCallReport = z.object({
  message: z
    .object({
      type: z.literal('end-of-call-report'),
      endedReason: z.string().optional(),
      startedAt: z.iso.datetime({ offset: true }).optional(),
      endedAt: z.iso.datetime({ offset: true }).optional(),
      durationSeconds: z.number().nonnegative().optional(),
      recordingUrl: z.url().optional(),
      artifact: z
        .object({
          messages: z.array(VapiArtifactMessage).default([]),
          recordingUrl: z.url().optional(),
          recording: z
            .object({ mono: z.object({ combinedUrl: z.url().optional() }).loose().optional() })
            .loose()
            .optional(),
        })
        .loose(),
      call: z.object({ id: z.string().min(1).max(200) }).loose(),
    })
    .loose(),
});
export type VapiEndOfCallReport = z.infer<typeof VapiEndOfCallReport>;
