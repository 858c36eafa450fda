import { INVALID_CODE, OTP_LENGTH } from '@doppel/protocol';

/** The outcome of `normaliseOtp`: the six digits, or the reason the code is refused. */
export type OtpCheck = { ok: true; code: string } | { ok: false; error: string };

/**
 * Normalises a one-time code as typed or pasted: hyphens and white space removed, then exactly
 * six digits, else "That doesn't look like a six-digit code."
 * Why: spec/chat.md §5 — hyphens removed, exactly 6 characters; the login code is six digits.
 */
export function normaliseOtp(raw: string): OtpCheck {
  const code = raw.replace(/[-\s]/g, '');
  if (code.length !== OTP_LENGTH || !/^\d+$/.test(code)) return { ok: false, error: INVALID_CODE };
  return { ok: true, code };
}
