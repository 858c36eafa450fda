import type { CaptureSnapshot, CaptureStep, CaptureValues } from '@doppel/protocol';
import { type CaptureSetupInput, captureSetup } from './capture-setup';
import { isCapturing } from './is-capturing';

/** Everything that moves the capture flow. The driver dispatches these; tests may too. */
export type CaptureEvent =
  /** The session is known (or changed): pick the first state. */
  | { type: 'SETUP'; input: CaptureSetupInput }
  /** The anonymous quota was reached (or the app asked): UPCOMING → STARTING at `at` (epoch ms). */
  | { type: 'START'; at: number }
  /** The simulated typing is over: STARTING → the requested step. */
  | { type: 'SHOW_STEP'; step: CaptureStep }
  /** Something failed; the text shows as the clone's chat line. The state stays. */
  | { type: 'FAIL'; error: string }
  /** The e-mail code was sent (or sent again): → COLLECTING_EMAIL_OTP. */
  | { type: 'EMAIL_SENT'; email: string }
  /**
   * The e-mail code was verified. `phoneNumber` and `optIn` are the signed-in user's; phone
   * collection follows when a phone is required and the user has no number (or, when known,
   * no opt-in), otherwise COMPLETED.
   */
  | {
      type: 'EMAIL_VERIFIED';
      otp: string;
      phoneRequired: boolean;
      phoneNumber: string | null;
      optIn?: boolean;
    }
  /** The phone code was sent (or sent again): → COLLECTING_PHONE_NUMBER_OTP. */
  | { type: 'PHONE_SENT'; phone: string }
  /** The phone code was verified: opt-in recorded, → COMPLETED. */
  | { type: 'PHONE_VERIFIED'; otp: string }
  /** 'Change e-mail/number': from a code step back to its collecting step. */
  | { type: 'CHANGE' };

const to = (
  current: CaptureSnapshot,
  state: CaptureSnapshot['state'],
  values: Partial<CaptureValues>,
): CaptureSnapshot => ({ state, values: { ...current.values, error: null, ...values } });

/**
 * The capture flow's pure transition function: the next snapshot for an event, or the same
 * snapshot object when the event does not apply in the current state.
 * Why: spec/chat.md §4 (Capture) and spec/calls.md §4 (Email/phone capture in embeds).
 */
export function captureTransition(current: CaptureSnapshot, event: CaptureEvent): CaptureSnapshot {
  const { state } = current;
  switch (event.type) {
    case 'SETUP':
      return captureSetup(event.input);
    case 'START':
      return state === 'UPCOMING' ? to(current, 'STARTING', { startedAt: event.at }) : current;
    case 'SHOW_STEP':
      return state === 'STARTING' ? to(current, event.step, {}) : current;
    case 'FAIL':
      return isCapturing(state) ? { state, values: { ...current.values, error: event.error } } : current;
    case 'EMAIL_SENT':
      if (state !== 'COLLECTING_EMAIL' && state !== 'COLLECTING_EMAIL_OTP') return current;
      return to(current, 'COLLECTING_EMAIL_OTP', { email: event.email, otp: '' });
    case 'EMAIL_VERIFIED': {
      if (state !== 'COLLECTING_EMAIL_OTP') return current;
      const needsPhone = event.phoneRequired && (!event.phoneNumber || event.optIn === false);
      return to(current, needsPhone ? 'COLLECTING_PHONE_NUMBER' : 'COMPLETED', { otp: event.otp });
    }
    case 'PHONE_SENT':
      if (state !== 'COLLECTING_PHONE_NUMBER' && state !== 'COLLECTING_PHONE_NUMBER_OTP') return current;
      return to(current, 'COLLECTING_PHONE_NUMBER_OTP', { phone: event.phone, otp_phone: '' });
    case 'PHONE_VERIFIED':
      if (state !== 'COLLECTING_PHONE_NUMBER_OTP') return current;
      return to(current, 'COMPLETED', { otp_phone: event.otp, opt_in_status: true });
    case 'CHANGE':
      if (state === 'COLLECTING_EMAIL_OTP') return to(current, 'COLLECTING_EMAIL', { otp: '' });
      if (state === 'COLLECTING_PHONE_NUMBER_OTP')
        return to(current, 'COLLECTING_PHONE_NUMBER', { otp_phone: '' });
      return current;
  }
}
