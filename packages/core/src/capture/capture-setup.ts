import type { CaptureSnapshot, CaptureValues } from '@doppel/protocol';

/** Nothing collected: the values of a fresh capture (spec/chat.md §3 capture values). */
export const EMPTY_CAPTURE_VALUES: Readonly<CaptureValues> = Object.freeze({
  email: '',
  otp: '',
  phone: '',
  otp_phone: '',
  opt_in_status: false,
  error: null,
  startedAt: null,
  skippedEmail: false,
});

/** What the capture setup reads once the session is known. */
export interface CaptureSetupInput {
  /** The chat runs inside an embed iframe. */
  embedded: boolean;
  /** The chat shows a shared conversation. */
  shareLink: boolean;
  /** Clone options requireEmail and requirePhoneNumber. */
  requireEmail: boolean;
  requirePhoneNumber: boolean;
  /** The signed-in user (their phone number and text opt-in for this clone), or null. */
  user: { phoneNumber: string | null; optIn: boolean } | null;
  /** The snapshot the iframe stored last time, if any. */
  previous: CaptureSnapshot | null;
}

const snapshot = (state: CaptureSnapshot['state'], values: CaptureValues = EMPTY_CAPTURE_VALUES) => ({
  state,
  values: { ...values },
});

/**
 * The capture flow's first state, first match wins: NOT_EMBED outside an embed; NOT_APPLICABLE
 * on a share link or when e-mail is not required; without a phone requirement a signed-in user
 * is NOT_APPLICABLE unless the stored flow already COMPLETED; with a phone requirement a
 * signed-in user with a phone number and opt-in is NOT_APPLICABLE and one lacking either goes
 * straight to COLLECTING_PHONE_NUMBER with the e-mail step marked skipped; everyone else is
 * UPCOMING with the values cleared.
 * Why: spec/chat.md §4 (Capture, setup) and spec/calls.md §4.
 */
export function captureSetup(input: CaptureSetupInput): CaptureSnapshot {
  if (!input.embedded) return snapshot('NOT_EMBED');
  if (input.shareLink || !input.requireEmail) return snapshot('NOT_APPLICABLE');
  const { user, previous } = input;
  if (user && !input.requirePhoneNumber) {
    return previous?.state === 'COMPLETED'
      ? snapshot('COMPLETED', previous.values)
      : snapshot('NOT_APPLICABLE');
  }
  if (user && input.requirePhoneNumber) {
    if (user.phoneNumber && user.optIn) return snapshot('NOT_APPLICABLE');
    return snapshot('COLLECTING_PHONE_NUMBER', { ...EMPTY_CAPTURE_VALUES, skippedEmail: true });
  }
  return snapshot('UPCOMING');
}
