/**
 * @module The Get a Text form's rule (spec/calls.md §5): Confirm is enabled only when the number
 * (SMS, WhatsApp) or the Telegram username is valid, nothing is pending, and for SMS the consent
 * box is ticked. The address is the one the server will be sent, or null.
 */
import { InternationalPhone, TelegramUsername, type TextMedium } from '@doppel/protocol';
import { internationalNumber } from './international-number';
import type { TextCountry } from './text-country';

export interface TextFormState {
  medium: TextMedium;
  country: TextCountry | null;
  phone: string;
  telegramUsername: string;
  consent: boolean;
  pending: boolean;
}

/** The number or username the form would send, or null when what was typed is not one. */
export function textFormAddress(form: Omit<TextFormState, 'consent' | 'pending'>): string | null {
  if (form.medium === 'TELEGRAM') {
    const username = TelegramUsername.safeParse(form.telegramUsername);
    return username.success ? username.data : null;
  }
  if (!form.country) return null;
  const typed = internationalNumber(form.country, form.phone);
  const phone = typed === null ? null : InternationalPhone.safeParse(typed);
  return phone?.success ? phone.data : null;
}

/** Whether Confirm is enabled. */
export function canConfirmText(form: TextFormState): boolean {
  if (form.pending || textFormAddress(form) === null) return false;
  return form.medium !== 'SMS' || form.consent;
}
