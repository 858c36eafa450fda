import { describe, expect, it } from 'vitest';
import { canConfirmText, textFormAddress } from './can-confirm-text';

const us = { code: 'US', name: 'United States', dial: '1' };
const form = {
  medium: 'SMS' as const,
  country: us,
  phone: '(555) 010-2030',
  telegramUsername: '',
  consent: true,
  pending: false,
};

describe('the Get a Text form', () => {
  it('sends the number in international form', () => {
    expect(textFormAddress(form)).toBe('+15550102030');
  });
  it('enables Confirm for SMS only with the consent box ticked', () => {
    expect(canConfirmText(form)).toBe(true);
    expect(canConfirmText({ ...form, consent: false })).toBe(false);
    expect(canConfirmText({ ...form, medium: 'WHATSAPP', consent: false })).toBe(true);
  });
  it('keeps Confirm off while pending, for a short number, without a country', () => {
    expect(canConfirmText({ ...form, pending: true })).toBe(false);
    expect(canConfirmText({ ...form, phone: '555' })).toBe(false);
    expect(canConfirmText({ ...form, country: null })).toBe(false);
  });
  it('takes a Telegram username with or without @', () => {
    const telegram = { ...form, medium: 'TELEGRAM' as const, consent: false };
    expect(textFormAddress({ ...telegram, telegramUsername: '@Maya_Rivers' })).toBe('maya_rivers');
    expect(canConfirmText({ ...telegram, telegramUsername: 'ab' })).toBe(false);
  });
});
