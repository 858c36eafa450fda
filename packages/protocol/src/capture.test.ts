import { describe, expect, it } from 'vitest';
import { CaptureSnapshot, CaptureState } from './capture';

describe('capture schemas', () => {
  it("lists the spec's ten states in order", () => {
    expect(CaptureState.options).toEqual([
      'PREFLIGHT',
      'NOT_APPLICABLE',
      'NOT_EMBED',
      'UPCOMING',
      'STARTING',
      'COLLECTING_EMAIL',
      'COLLECTING_EMAIL_OTP',
      'COLLECTING_PHONE_NUMBER',
      'COLLECTING_PHONE_NUMBER_OTP',
      'COMPLETED',
    ]);
  });

  it('parses a stored snapshot and refuses a damaged one', () => {
    const snapshot = {
      state: 'COMPLETED',
      values: {
        email: 'a@b.co',
        otp: '123456',
        phone: '',
        otp_phone: '',
        opt_in_status: false,
        error: null,
        startedAt: 1,
        skippedEmail: false,
      },
    };
    expect(CaptureSnapshot.parse(snapshot)).toEqual(snapshot);
    expect(CaptureSnapshot.safeParse({ ...snapshot, state: 'DONE' }).success).toBe(false);
    expect(CaptureSnapshot.safeParse({ state: 'UPCOMING', values: {} }).success).toBe(false);
  });
});
