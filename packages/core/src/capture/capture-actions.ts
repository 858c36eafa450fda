import type { CaptureState } from '@doppel/protocol';

/** The two links under a code step. */
export interface CaptureActionLabels {
  /** Back to the e-mail or phone step. */
  change: string;
  /** Send the code again for the current step. */
  resend: string;
}

/**
 * The links a code step offers ('Change email' / 'Change number' and 'Send code again'); null
 * on every other state.
 * Why: spec/chat.md §4 — code steps offer 'change e-mail/number' and 'send code again'.
 */
export function captureActions(state: CaptureState): CaptureActionLabels | null {
  if (state === 'COLLECTING_EMAIL_OTP') return { change: 'Change email', resend: 'Send code again' };
  if (state === 'COLLECTING_PHONE_NUMBER_OTP') return { change: 'Change number', resend: 'Send code again' };
  return null;
}
