import { type CaptureSnapshot, CaptureState } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { EMPTY_CAPTURE_VALUES } from './capture-setup';
import { type CaptureEvent, captureTransition } from './capture-transition';

const at = (state: CaptureState, values: Partial<CaptureSnapshot['values']> = {}): CaptureSnapshot => ({
  state,
  values: { ...EMPTY_CAPTURE_VALUES, ...values },
});
const ALL = CaptureState.options;

/** Every state except those listed must leave the snapshot untouched (same object). */
function ignoredOutside(event: CaptureEvent, allowed: CaptureState[]) {
  for (const state of ALL.filter((s) => !allowed.includes(s))) {
    const snapshot = at(state);
    expect(captureTransition(snapshot, event), `${event.type} in ${state}`).toBe(snapshot);
  }
}

describe('captureTransition', () => {
  it('SETUP picks the first state from the setup rules', () => {
    const input = {
      embedded: false,
      shareLink: false,
      requireEmail: true,
      requirePhoneNumber: false,
      user: null,
      previous: null,
    };
    expect(captureTransition(at('COMPLETED'), { type: 'SETUP', input }).state).toBe('NOT_EMBED');
  });

  it('START moves UPCOMING to STARTING and stamps startedAt', () => {
    expect(captureTransition(at('UPCOMING'), { type: 'START', at: 1_700 })).toEqual(
      at('STARTING', { startedAt: 1_700 }),
    );
    ignoredOutside({ type: 'START', at: 1 }, ['UPCOMING']);
  });

  it('SHOW_STEP moves STARTING to the requested step', () => {
    expect(captureTransition(at('STARTING'), { type: 'SHOW_STEP', step: 'COLLECTING_EMAIL' }).state).toBe(
      'COLLECTING_EMAIL',
    );
    expect(
      captureTransition(at('STARTING'), { type: 'SHOW_STEP', step: 'COLLECTING_PHONE_NUMBER' }).state,
    ).toBe('COLLECTING_PHONE_NUMBER');
    ignoredOutside({ type: 'SHOW_STEP', step: 'COLLECTING_EMAIL' }, ['STARTING']);
  });

  it('FAIL keeps the state and records the error while capturing', () => {
    for (const state of [
      'STARTING',
      'COLLECTING_EMAIL',
      'COLLECTING_EMAIL_OTP',
      'COLLECTING_PHONE_NUMBER',
      'COLLECTING_PHONE_NUMBER_OTP',
    ] as const) {
      expect(
        captureTransition(at(state, { email: 'a@b.co' }), { type: 'FAIL', error: 'Invalid Email' }),
      ).toEqual(at(state, { email: 'a@b.co', error: 'Invalid Email' }));
    }
    ignoredOutside({ type: 'FAIL', error: 'x' }, [
      'STARTING',
      'COLLECTING_EMAIL',
      'COLLECTING_EMAIL_OTP',
      'COLLECTING_PHONE_NUMBER',
      'COLLECTING_PHONE_NUMBER_OTP',
    ]);
  });

  it('EMAIL_SENT moves to the e-mail code step, clearing the error and any old code', () => {
    expect(
      captureTransition(at('COLLECTING_EMAIL', { error: 'Invalid Email' }), {
        type: 'EMAIL_SENT',
        email: 'a@b.co',
      }),
    ).toEqual(at('COLLECTING_EMAIL_OTP', { email: 'a@b.co' }));
    expect(
      captureTransition(at('COLLECTING_EMAIL_OTP', { email: 'a@b.co', otp: '111111' }), {
        type: 'EMAIL_SENT',
        email: 'a@b.co',
      }),
    ).toEqual(at('COLLECTING_EMAIL_OTP', { email: 'a@b.co' }));
    ignoredOutside({ type: 'EMAIL_SENT', email: 'a@b.co' }, ['COLLECTING_EMAIL', 'COLLECTING_EMAIL_OTP']);
  });

  describe('EMAIL_VERIFIED', () => {
    const otpStep = at('COLLECTING_EMAIL_OTP', { email: 'a@b.co', error: 'wrong' });
    const verified = { type: 'EMAIL_VERIFIED', otp: '123456' } as const;

    it('completes when no phone is required', () => {
      expect(captureTransition(otpStep, { ...verified, phoneRequired: false, phoneNumber: null })).toEqual(
        at('COMPLETED', { email: 'a@b.co', otp: '123456' }),
      );
    });

    it('completes when a phone is required and the user has one', () => {
      expect(
        captureTransition(otpStep, { ...verified, phoneRequired: true, phoneNumber: '+15551234567' }).state,
      ).toBe('COMPLETED');
      expect(
        captureTransition(otpStep, {
          ...verified,
          phoneRequired: true,
          phoneNumber: '+15551234567',
          optIn: true,
        }).state,
      ).toBe('COMPLETED');
    });

    it('collects the phone when required and the user has none (or, when known, no opt-in)', () => {
      expect(captureTransition(otpStep, { ...verified, phoneRequired: true, phoneNumber: null })).toEqual(
        at('COLLECTING_PHONE_NUMBER', { email: 'a@b.co', otp: '123456' }),
      );
      expect(
        captureTransition(otpStep, {
          ...verified,
          phoneRequired: true,
          phoneNumber: '+15551234567',
          optIn: false,
        }).state,
      ).toBe('COLLECTING_PHONE_NUMBER');
    });

    it('applies only on the e-mail code step', () => {
      ignoredOutside({ ...verified, phoneRequired: false, phoneNumber: null }, ['COLLECTING_EMAIL_OTP']);
    });
  });

  it('PHONE_SENT moves to the phone code step', () => {
    expect(
      captureTransition(at('COLLECTING_PHONE_NUMBER'), { type: 'PHONE_SENT', phone: '5551234567' }),
    ).toEqual(at('COLLECTING_PHONE_NUMBER_OTP', { phone: '5551234567' }));
    expect(
      captureTransition(at('COLLECTING_PHONE_NUMBER_OTP', { phone: '5551234567', otp_phone: '1' }), {
        type: 'PHONE_SENT',
        phone: '5551234567',
      }),
    ).toEqual(at('COLLECTING_PHONE_NUMBER_OTP', { phone: '5551234567' }));
    ignoredOutside({ type: 'PHONE_SENT', phone: '1' }, [
      'COLLECTING_PHONE_NUMBER',
      'COLLECTING_PHONE_NUMBER_OTP',
    ]);
  });

  it('PHONE_VERIFIED sets opt-in and completes', () => {
    expect(
      captureTransition(at('COLLECTING_PHONE_NUMBER_OTP', { phone: '5551234567', error: 'x' }), {
        type: 'PHONE_VERIFIED',
        otp: '654321',
      }),
    ).toEqual(at('COMPLETED', { phone: '5551234567', otp_phone: '654321', opt_in_status: true }));
    ignoredOutside({ type: 'PHONE_VERIFIED', otp: '1' }, ['COLLECTING_PHONE_NUMBER_OTP']);
  });

  it('CHANGE goes back from a code step to its collecting step, keeping the address for editing', () => {
    expect(
      captureTransition(at('COLLECTING_EMAIL_OTP', { email: 'a@b.co', otp: '1', error: 'x' }), {
        type: 'CHANGE',
      }),
    ).toEqual(at('COLLECTING_EMAIL', { email: 'a@b.co' }));
    expect(
      captureTransition(
        at('COLLECTING_PHONE_NUMBER_OTP', { phone: '555', otp_phone: '1', skippedEmail: true }),
        {
          type: 'CHANGE',
        },
      ),
    ).toEqual(at('COLLECTING_PHONE_NUMBER', { phone: '555', skippedEmail: true }));
    ignoredOutside({ type: 'CHANGE' }, ['COLLECTING_EMAIL_OTP', 'COLLECTING_PHONE_NUMBER_OTP']);
  });
});
