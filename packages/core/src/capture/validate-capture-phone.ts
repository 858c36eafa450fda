import { INVALID_PHONE_NUMBER } from '@doppel/protocol';

/** The outcome of `validateCapturePhone`: the trimmed number, or the reason it is refused. */
export type PhoneCheck = { ok: true; phone: string } | { ok: false; error: string };

/**
 * Checks the phone number typed into the capture flow: only that something was typed, else
 * 'Invalid Phone Number'. The SMS provider is the judge of the rest.
 * Why: spec/chat.md §5 — phone in chat capture: only a non-empty check.
 */
export function validateCapturePhone(raw: string): PhoneCheck {
  const phone = raw.trim();
  return phone === '' ? { ok: false, error: INVALID_PHONE_NUMBER } : { ok: true, phone };
}
