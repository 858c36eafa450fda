import { CaptureState } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { isCapturing } from './is-capturing';

describe('isCapturing', () => {
  it('owns the prompt from STARTING until COMPLETED', () => {
    const capturing = CaptureState.options.filter(isCapturing);
    expect(capturing).toEqual([
      'STARTING',
      'COLLECTING_EMAIL',
      'COLLECTING_EMAIL_OTP',
      'COLLECTING_PHONE_NUMBER',
      'COLLECTING_PHONE_NUMBER_OTP',
    ]);
  });

  it('leaves the prompt to the chat otherwise', () => {
    for (const state of ['PREFLIGHT', 'NOT_APPLICABLE', 'NOT_EMBED', 'UPCOMING', 'COMPLETED'] as const) {
      expect(isCapturing(state)).toBe(false);
    }
  });
});
