import { z } from 'zod';

/**
 * spec/chat.md §4 / spec/calls.md §4: the e-mail/phone capture flow inside an embedded chat.
 * PREFLIGHT until the session is known; NOT_EMBED and NOT_APPLICABLE never capture; UPCOMING
 * waits for the anonymous quota; STARTING is the clone "typing"; the COLLECTING_* states own
 * the prompt; COMPLETED is final.
 */
export const CaptureState = z.enum([
  'PREFLIGHT',
  'NOT_APPLICABLE',
  'NOT_EMBED',
  'UPCOMING',
  'STARTING',
  'COLLECTING_EMAIL',
  'COLLECTING_EMAIL_OTP',
  'COLLECTING_PHONE_NUMBER',
  'COLLECTING_PHONE_NUMBER_OTP',
  'COMPLETED',
]);
export type CaptureState = z.infer<typeof CaptureState>;

/** The two steps a capture can start at. */
export const CaptureStep = z.enum(['COLLECTING_EMAIL', 'COLLECTING_PHONE_NUMBER']);
export type CaptureStep = z.infer<typeof CaptureStep>;

/** spec/chat.md §3: what the capture flow has collected so far. */
export const CaptureValues = z.object({
  email: z.string(),
  otp: z.string(),
  phone: z.string(),
  otp_phone: z.string(),
  opt_in_status: z.boolean(),
  /** The last error, shown as the clone's chat text (spec/chat.md §8). */
  error: z.string().nullable(),
  /** Epoch ms when the flow started (STARTING); null before. */
  startedAt: z.number().nullable(),
  /** The user was already signed in, so the e-mail step was skipped. */
  skippedEmail: z.boolean(),
});
export type CaptureValues = z.infer<typeof CaptureValues>;

/**
 * A capture state with its values: what the embed iframe keeps in its own storage between
 * page loads and hands back to `captureSetup` as `previous`.
 */
export const CaptureSnapshot = z.object({ state: CaptureState, values: CaptureValues });
export type CaptureSnapshot = z.infer<typeof CaptureSnapshot>;
