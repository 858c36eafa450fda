import { INVALID_CODE } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { normaliseOtp } from './normalise-otp';

describe('normaliseOtp', () => {
  it.each([
    ['123456', '123456'],
    ['123-456', '123456'],
    [' 12 34 56 ', '123456'],
    ['1-2-3-4-5-6', '123456'],
    ['012345', '012345'],
  ])('accepts %j as %j', (raw, code) => {
    expect(normaliseOtp(raw)).toEqual({ ok: true, code });
  });

  it.each(['', '12345', '1234567', '12345a', 'abcdef', '123_456', '１２３４５６'])('refuses %j', (raw) => {
    expect(normaliseOtp(raw)).toEqual({ ok: false, error: INVALID_CODE });
  });

  it('uses the spec text', () => {
    expect(INVALID_CODE).toBe("That doesn't look like a six-digit code.");
  });
});
