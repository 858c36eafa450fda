import type { CaptureSnapshot } from '@doppel/protocol';
import { formatUsPhone } from './format-us-phone';

/** One chat line of the capture conversation; `id` is stable per line for React keys. */
export interface CaptureLine {
  id: string;
  sender: 'CLONE' | 'USER';
  text: string;
}

/** The clone's words at each step (spec/chat.md §4 leaves them to us). */
export const CAPTURE_TEXT = {
  askEmail: "Before we continue, what's your email? I'll send you a code so you can keep this conversation.",
  askEmailCode: (email: string) => `I've sent a 6-digit code to ${email}. What is it?`,
  askPhoneAfterEmail: "Thanks! What's your phone number? I'll text you a code to confirm it.",
  askPhone: "Before we continue, what's your phone number? I'll text you a code to confirm it.",
  askPhoneCode: (phone: string) => `I've texted a 6-digit code to ${phone}. What is it?`,
  completed: "Thanks, you're all set! Let's pick up where we left off.",
} as const;

const PHONE_STATES: readonly CaptureSnapshot['state'][] = [
  'COLLECTING_PHONE_NUMBER',
  'COLLECTING_PHONE_NUMBER_OTP',
];

/**
 * The capture conversation so far, as chat lines under the chat: the clone's questions, the
 * user's answers (codes included, phone numbers formatted) and, last, the current error as the
 * clone's line. Nothing before a step is shown (UPCOMING, STARTING, …).
 * Why: spec/chat.md §4 (capture steps) and §8 — in capture a server error shows as chat text.
 */
export function captureLines({ state, values }: CaptureSnapshot): CaptureLine[] {
  const lines: CaptureLine[] = [];
  const clone = (id: string, text: string) => lines.push({ id, sender: 'CLONE', text });
  const user = (id: string, text: string) => lines.push({ id, sender: 'USER', text });
  const visible = state.startsWith('COLLECTING_') || state === 'COMPLETED';
  if (!visible) return lines;

  const emailStep = !values.skippedEmail && (state !== 'COMPLETED' || values.email !== '');
  if (emailStep) {
    clone('ask-email', CAPTURE_TEXT.askEmail);
    if (state !== 'COLLECTING_EMAIL' && values.email) {
      user('email', values.email);
      clone('ask-email-code', CAPTURE_TEXT.askEmailCode(values.email));
      if (state !== 'COLLECTING_EMAIL_OTP' && values.otp) user('email-code', values.otp);
    }
  }
  const phoneStep = PHONE_STATES.includes(state) || (state === 'COMPLETED' && values.phone !== '');
  if (phoneStep) {
    clone('ask-phone', values.skippedEmail ? CAPTURE_TEXT.askPhone : CAPTURE_TEXT.askPhoneAfterEmail);
    if (state !== 'COLLECTING_PHONE_NUMBER' && values.phone) {
      const phone = formatUsPhone(values.phone);
      user('phone', phone);
      clone('ask-phone-code', CAPTURE_TEXT.askPhoneCode(phone));
      if (state === 'COMPLETED' && values.otp_phone) user('phone-code', values.otp_phone);
    }
  }
  if (state === 'COMPLETED') clone('completed', CAPTURE_TEXT.completed);
  if (values.error) clone('error', values.error);
  return lines;
}
