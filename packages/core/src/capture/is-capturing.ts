import type { CaptureState } from '@doppel/protocol';

const ACTIVE: readonly CaptureState[] = [
  'STARTING',
  'COLLECTING_EMAIL',
  'COLLECTING_EMAIL_OTP',
  'COLLECTING_PHONE_NUMBER',
  'COLLECTING_PHONE_NUMBER_OTP',
];

/**
 * Whether the capture flow owns the prompt: from STARTING until COMPLETED. While it does, the
 * prompt's text goes to the capture handler, not to the chat.
 * Why: spec/chat.md §4 — while capture is active, sending text goes to the capture handler.
 */
export function isCapturing(state: CaptureState): boolean {
  return ACTIVE.includes(state);
}
