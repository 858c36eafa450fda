import type { CaptureState } from '@doppel/protocol';

const PLACEHOLDERS: Partial<Record<CaptureState, string>> = {
  STARTING: 'One moment…',
  COLLECTING_EMAIL: 'Enter your email',
  COLLECTING_EMAIL_OTP: 'Enter the 6-digit code we emailed you',
  COLLECTING_PHONE_NUMBER: 'Enter your phone number',
  COLLECTING_PHONE_NUMBER_OTP: 'Enter the 6-digit code we texted you',
};

/**
 * The prompt's placeholder while the capture flow owns it; null when the chat's own
 * placeholder applies.
 * Why: spec/chat.md §4 — the prompt placeholder changes per capture state.
 */
export function capturePlaceholder(state: CaptureState): string | null {
  return PLACEHOLDERS[state] ?? null;
}
