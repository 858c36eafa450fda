import { describe, expect, it } from 'vitest';
import { validateCapturePhone } from './validate-capture-phone';

describe('validateCapturePhone', () => {
  it('accepts anything non-blank, trimmed', () => {
    expect(validateCapturePhone(' +1 555 123 4567 ')).toEqual({ ok: true, phone: '+1 555 123 4567' });
    expect(validateCapturePhone('+44 20 7946 0958')).toEqual({ ok: true, phone: '+44 20 7946 0958' });
  });

  it("refuses blank input with 'Invalid Phone Number'", () => {
    expect(validateCapturePhone('')).toEqual({ ok: false, error: 'Invalid Phone Number' });
    expect(validateCapturePhone(' \t')).toEqual({ ok: false, error: 'Invalid Phone Number' });
  });
});
