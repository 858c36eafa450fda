import type { CaptureSnapshot } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { type CaptureSetupInput, captureSetup, EMPTY_CAPTURE_VALUES } from './capture-setup';

const base: CaptureSetupInput = {
  embedded: true,
  shareLink: false,
  requireEmail: true,
  requirePhoneNumber: false,
  user: null,
  previous: null,
};
const completed: CaptureSnapshot = {
  state: 'COMPLETED',
  values: { ...EMPTY_CAPTURE_VALUES, email: 'ada@example.com', otp: '123456', startedAt: 1 },
};
const midway: CaptureSnapshot = {
  state: 'COLLECTING_EMAIL_OTP',
  values: { ...EMPTY_CAPTURE_VALUES, email: 'ada@example.com', error: 'Nope', startedAt: 5 },
};

describe('captureSetup', () => {
  it('gives NOT_EMBED outside an embed, before anything else', () => {
    expect(captureSetup({ ...base, embedded: false, shareLink: true, requireEmail: false }).state).toBe(
      'NOT_EMBED',
    );
  });

  it('gives NOT_APPLICABLE on a share link or when e-mail is not required', () => {
    expect(captureSetup({ ...base, shareLink: true }).state).toBe('NOT_APPLICABLE');
    expect(captureSetup({ ...base, requireEmail: false, requirePhoneNumber: true }).state).toBe(
      'NOT_APPLICABLE',
    );
  });

  describe('without a phone requirement', () => {
    it('gives a signed-in user NOT_APPLICABLE', () => {
      const user = { phoneNumber: null, optIn: false };
      expect(captureSetup({ ...base, user }).state).toBe('NOT_APPLICABLE');
      expect(captureSetup({ ...base, user, previous: midway }).state).toBe('NOT_APPLICABLE');
    });

    it('keeps a signed-in user COMPLETED, with the stored values', () => {
      const result = captureSetup({
        ...base,
        user: { phoneNumber: null, optIn: false },
        previous: completed,
      });
      expect(result).toEqual(completed);
      expect(result.values).not.toBe(completed.values);
    });

    it('makes a visitor UPCOMING with the values cleared, whatever was stored', () => {
      expect(captureSetup(base)).toEqual({ state: 'UPCOMING', values: EMPTY_CAPTURE_VALUES });
      expect(captureSetup({ ...base, previous: midway })).toEqual({
        state: 'UPCOMING',
        values: EMPTY_CAPTURE_VALUES,
      });
      expect(captureSetup({ ...base, previous: completed })).toEqual({
        state: 'UPCOMING',
        values: EMPTY_CAPTURE_VALUES,
      });
    });
  });

  describe('with a phone requirement', () => {
    const phone = { ...base, requirePhoneNumber: true };

    it('gives a signed-in user with a phone number and opt-in NOT_APPLICABLE', () => {
      expect(captureSetup({ ...phone, user: { phoneNumber: '+15551234567', optIn: true } }).state).toBe(
        'NOT_APPLICABLE',
      );
    });

    it('sends a signed-in user lacking a number or the opt-in to phone collection, e-mail skipped', () => {
      const expected = {
        state: 'COLLECTING_PHONE_NUMBER',
        values: { ...EMPTY_CAPTURE_VALUES, skippedEmail: true },
      };
      expect(captureSetup({ ...phone, user: { phoneNumber: null, optIn: true } })).toEqual(expected);
      expect(captureSetup({ ...phone, user: { phoneNumber: '+15551234567', optIn: false } })).toEqual(
        expected,
      );
      expect(
        captureSetup({ ...phone, user: { phoneNumber: '', optIn: false }, previous: completed }),
      ).toEqual(expected);
    });

    it('makes a visitor UPCOMING with the values cleared', () => {
      expect(captureSetup({ ...phone, previous: midway })).toEqual({
        state: 'UPCOMING',
        values: EMPTY_CAPTURE_VALUES,
      });
    });
  });

  it('never hands out the shared empty values object', () => {
    expect(captureSetup(base).values).not.toBe(EMPTY_CAPTURE_VALUES);
    expect(Object.isFrozen(EMPTY_CAPTURE_VALUES)).toBe(true);
  });
});
