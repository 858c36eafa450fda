import { CaptureState } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { capturePlaceholder } from './capture-placeholder';
import { isCapturing } from './is-capturing';

describe('capturePlaceholder', () => {
  it('asks for what each step needs', () => {
    expect(capturePlaceholder('COLLECTING_EMAIL')).toBe('Enter your email');
    expect(capturePlaceholder('COLLECTING_EMAIL_OTP')).toBe('Enter the 6-digit code we emailed you');
    expect(capturePlaceholder('COLLECTING_PHONE_NUMBER')).toBe('Enter your phone number');
    expect(capturePlaceholder('COLLECTING_PHONE_NUMBER_OTP')).toBe('Enter the 6-digit code we texted you');
    expect(capturePlaceholder('STARTING')).toBe('One moment…');
  });

  it('has a placeholder exactly for the capturing states', () => {
    for (const state of CaptureState.options) {
      expect(capturePlaceholder(state) !== null, state).toBe(isCapturing(state));
    }
  });
});
