import type { CaptureSnapshot } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { CAPTURE_TEXT, captureLines } from './capture-lines';
import { EMPTY_CAPTURE_VALUES } from './capture-setup';

const at = (state: CaptureSnapshot['state'], values: Partial<CaptureSnapshot['values']> = {}) =>
  captureLines({ state, values: { ...EMPTY_CAPTURE_VALUES, ...values } });
const ids = (lines: ReturnType<typeof captureLines>) => lines.map((l) => l.id);

describe('captureLines', () => {
  it('shows nothing before a step is on screen', () => {
    for (const state of ['PREFLIGHT', 'NOT_APPLICABLE', 'NOT_EMBED', 'UPCOMING', 'STARTING'] as const) {
      expect(at(state, { error: 'x' })).toEqual([]);
    }
  });

  it("asks for the e-mail in the clone's words", () => {
    expect(at('COLLECTING_EMAIL')).toEqual([
      { id: 'ask-email', sender: 'CLONE', text: CAPTURE_TEXT.askEmail },
    ]);
    expect(CAPTURE_TEXT.askEmail).toBe(
      "Before we continue, what's your email? I'll send you a code so you can keep this conversation.",
    );
  });

  it('echoes the e-mail and asks for its code', () => {
    expect(at('COLLECTING_EMAIL_OTP', { email: 'ada@example.com' })).toEqual([
      { id: 'ask-email', sender: 'CLONE', text: CAPTURE_TEXT.askEmail },
      { id: 'email', sender: 'USER', text: 'ada@example.com' },
      {
        id: 'ask-email-code',
        sender: 'CLONE',
        text: "I've sent a 6-digit code to ada@example.com. What is it?",
      },
    ]);
  });

  it('continues with the phone after the e-mail, formatting US numbers', () => {
    const values = { email: 'ada@example.com', otp: '123456' };
    expect(ids(at('COLLECTING_PHONE_NUMBER', values))).toEqual([
      'ask-email',
      'email',
      'ask-email-code',
      'email-code',
      'ask-phone',
    ]);
    const lines = at('COLLECTING_PHONE_NUMBER_OTP', { ...values, phone: '+15551234567' });
    expect(lines.slice(-3)).toEqual([
      { id: 'ask-phone', sender: 'CLONE', text: CAPTURE_TEXT.askPhoneAfterEmail },
      { id: 'phone', sender: 'USER', text: '(555) 123-4567' },
      {
        id: 'ask-phone-code',
        sender: 'CLONE',
        text: "I've texted a 6-digit code to (555) 123-4567. What is it?",
      },
    ]);
  });

  it('starts at the phone when the e-mail step was skipped', () => {
    expect(at('COLLECTING_PHONE_NUMBER', { skippedEmail: true })).toEqual([
      { id: 'ask-phone', sender: 'CLONE', text: CAPTURE_TEXT.askPhone },
    ]);
  });

  it('closes with the completion line, after whichever steps ran', () => {
    expect(ids(at('COMPLETED', { email: 'a@b.co', otp: '123456' }))).toEqual([
      'ask-email',
      'email',
      'ask-email-code',
      'email-code',
      'completed',
    ]);
    expect(
      ids(at('COMPLETED', { skippedEmail: true, phone: '555', otp_phone: '654321', opt_in_status: true })),
    ).toEqual(['ask-phone', 'phone', 'ask-phone-code', 'phone-code', 'completed']);
  });

  it("shows the current error last, as the clone's line", () => {
    const lines = at('COLLECTING_EMAIL', { error: 'Invalid Email' });
    expect(lines.at(-1)).toEqual({ id: 'error', sender: 'CLONE', text: 'Invalid Email' });
  });
});
