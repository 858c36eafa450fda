import { CaptureState } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { captureActions } from './capture-actions';

describe('captureActions', () => {
  it('offers change and resend on the code steps', () => {
    expect(captureActions('COLLECTING_EMAIL_OTP')).toEqual({
      change: 'Change email',
      resend: 'Send code again',
    });
    expect(captureActions('COLLECTING_PHONE_NUMBER_OTP')).toEqual({
      change: 'Change number',
      resend: 'Send code again',
    });
  });

  it('offers nothing elsewhere', () => {
    const others = CaptureState.options.filter((s) => !s.endsWith('_OTP'));
    for (const state of others) expect(captureActions(state)).toBeNull();
  });
});
