import {
  CAPTURE_EMAIL_NOT_SET,
  CAPTURE_PHONE_NOT_SET,
  type CaptureSnapshot,
  CODE_RESENT,
  INVALID_CODE,
  INVALID_EMAIL,
  INVALID_PHONE_NUMBER,
  RESENDING_CODE,
  SEND_CODE_FAILED,
  VERIFY_CODE_FAILED,
} from '@doppel/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CaptureSetupInput, EMPTY_CAPTURE_VALUES } from './capture-setup';
import {
  type CaptureEffectResult,
  type CaptureFlowOptions,
  type CaptureVerifyResult,
  createCaptureFlow,
} from './create-capture-flow';

type Timer = ReturnType<typeof setTimeout>;

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const OK: CaptureEffectResult = { ok: true };
const VERIFIED: CaptureVerifyResult = { ok: true, phoneNumber: null };

const START_MS = 1_700_000_000_000;
const visitor: CaptureSetupInput = {
  embedded: true,
  shareLink: false,
  requireEmail: true,
  requirePhoneNumber: false,
  user: null,
  previous: null,
};
const quotaReached = { userMessageCount: 3, anonymousQuota: 3, busy: false };

function makeFlow(overrides: Partial<CaptureFlowOptions<Timer>> = {}) {
  const effects = {
    sendEmailCode: vi.fn(async (_email: string) => OK),
    verifyEmailCode: vi.fn(async (_email: string, _code: string) => VERIFIED),
    sendPhoneCode: vi.fn(async (_phone: string) => OK),
    verifyPhoneCode: vi.fn(async (_phone: string, _code: string) => OK),
    onCompleted: vi.fn(async (_snapshot: CaptureSnapshot) => {}),
    scrollToBottom: vi.fn(),
  };
  const flow = createCaptureFlow<Timer>({
    now: () => Date.now(),
    random: () => 0,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle),
    effects,
    ...overrides,
  });
  return { flow, effects };
}

/** A flow already showing the given step (typing delays skipped with random 0: 800 + 600 ms). */
async function atStep(
  step: 'COLLECTING_EMAIL' | 'COLLECTING_PHONE_NUMBER' = 'COLLECTING_EMAIL',
  setup: Partial<CaptureSetupInput> = {},
  overrides: Partial<CaptureFlowOptions<Timer>> = {},
) {
  const made = makeFlow(overrides);
  made.flow.setup({ ...visitor, ...setup });
  made.flow.start(step);
  await vi.advanceTimersByTimeAsync(1_400 + 200);
  made.effects.scrollToBottom.mockClear();
  return made;
}

describe('createCaptureFlow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START_MS);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('setup', () => {
    it('starts in PREFLIGHT with nothing collected', () => {
      const { flow } = makeFlow();
      expect(flow.getState()).toEqual({
        state: 'PREFLIGHT',
        values: EMPTY_CAPTURE_VALUES,
        typing: false,
        busy: false,
        notice: null,
      });
    });

    it('applies the setup rules', () => {
      const { flow } = makeFlow();
      flow.setup(visitor);
      expect(flow.getState().state).toBe('UPCOMING');
      flow.setup({ ...visitor, embedded: false });
      expect(flow.getState().state).toBe('NOT_EMBED');
      flow.setup({ ...visitor, requireEmail: false });
      expect(flow.getState().state).toBe('NOT_APPLICABLE');
    });

    it('sends a signed-in user without a phone straight to the phone step', async () => {
      const { flow, effects } = makeFlow();
      flow.setup({ ...visitor, requirePhoneNumber: true, user: { phoneNumber: null, optIn: false } });
      expect(flow.getState().state).toBe('COLLECTING_PHONE_NUMBER');
      expect(flow.getState().values.skippedEmail).toBe(true);
      await flow.submit('555 123 4567');
      expect(effects.sendPhoneCode).toHaveBeenCalledWith('555 123 4567');
      expect(flow.getState().state).toBe('COLLECTING_PHONE_NUMBER_OTP');
    });

    it('is ignored while capture is active, so a session refresh mid-flow does not restart it', async () => {
      const { flow } = await atStep();
      flow.setup({ ...visitor, user: { phoneNumber: null, optIn: false } });
      expect(flow.getState().state).toBe('COLLECTING_EMAIL');
    });
  });

  describe('auto-start', () => {
    it('starts 500 ms after the message count reaches the anonymous quota', async () => {
      const { flow } = makeFlow();
      flow.setup(visitor);
      flow.observeChat({ ...quotaReached, userMessageCount: 2 });
      await vi.advanceTimersByTimeAsync(5_000);
      expect(flow.getState().state).toBe('UPCOMING');

      flow.observeChat(quotaReached);
      await vi.advanceTimersByTimeAsync(499);
      expect(flow.getState().state).toBe('UPCOMING');
      await vi.advanceTimersByTimeAsync(1);
      expect(flow.getState().state).toBe('STARTING');
      expect(flow.getState().values.startedAt).toBe(START_MS + 5_500);
    });

    it('counts the 500 ms from the first time the quota was reached', async () => {
      const { flow } = makeFlow();
      flow.setup(visitor);
      flow.observeChat(quotaReached);
      await vi.advanceTimersByTimeAsync(300);
      flow.observeChat({ ...quotaReached, userMessageCount: 4 });
      await vi.advanceTimersByTimeAsync(200);
      expect(flow.getState().state).toBe('STARTING');
    });

    it('waits while a send is pending or an answer streams, and cancels if one begins', async () => {
      const { flow } = makeFlow();
      flow.setup(visitor);
      flow.observeChat({ ...quotaReached, busy: true });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(flow.getState().state).toBe('UPCOMING');

      flow.observeChat(quotaReached);
      await vi.advanceTimersByTimeAsync(400);
      flow.observeChat({ ...quotaReached, busy: true });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(flow.getState().state).toBe('UPCOMING');
      expect(vi.getTimerCount()).toBe(0);

      flow.observeChat(quotaReached);
      await vi.advanceTimersByTimeAsync(499);
      expect(flow.getState().state).toBe('UPCOMING');
      await vi.advanceTimersByTimeAsync(1);
      expect(flow.getState().state).toBe('STARTING');
    });

    it('arms when setup comes after the quota was reached', async () => {
      const { flow } = makeFlow();
      flow.observeChat(quotaReached);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(flow.getState().state).toBe('PREFLIGHT');
      flow.setup(visitor);
      await vi.advanceTimersByTimeAsync(500);
      expect(flow.getState().state).toBe('STARTING');
    });

    it('cancels when setup leaves UPCOMING', async () => {
      const { flow } = makeFlow();
      flow.setup(visitor);
      flow.observeChat(quotaReached);
      flow.setup({ ...visitor, shareLink: true });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(flow.getState().state).toBe('NOT_APPLICABLE');
      expect(vi.getTimerCount()).toBe(0);
    });

    it('never starts with an unlimited anonymous quota or outside UPCOMING', async () => {
      const unlimited = makeFlow();
      unlimited.flow.setup(visitor);
      unlimited.flow.observeChat({ ...quotaReached, anonymousQuota: -1, userMessageCount: 500 });
      const notApplicable = makeFlow();
      notApplicable.flow.setup({ ...visitor, requireEmail: false });
      notApplicable.flow.observeChat(quotaReached);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(unlimited.flow.getState().state).toBe('UPCOMING');
      expect(notApplicable.flow.getState().state).toBe('NOT_APPLICABLE');
    });

    it('starts at once (after 500 ms) with an anonymous quota of 0', async () => {
      const { flow } = makeFlow();
      flow.setup(visitor);
      flow.observeChat({ userMessageCount: 0, anonymousQuota: 0, busy: false });
      await vi.advanceTimersByTimeAsync(500);
      expect(flow.getState().state).toBe('STARTING');
    });
  });

  describe('start', () => {
    it('types for 800–1300 ms, pauses 600–800 ms, shows the e-mail step, then scrolls 200 ms later', async () => {
      const { flow, effects } = makeFlow({ random: () => 0 });
      flow.setup(visitor);
      flow.start();
      expect(flow.getState()).toMatchObject({ state: 'STARTING', typing: true });
      expect(flow.getState().values.startedAt).toBe(START_MS);

      await vi.advanceTimersByTimeAsync(799);
      expect(flow.getState().typing).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(flow.getState()).toMatchObject({ state: 'STARTING', typing: false });

      await vi.advanceTimersByTimeAsync(599);
      expect(flow.getState().state).toBe('STARTING');
      await vi.advanceTimersByTimeAsync(1);
      expect(flow.getState().state).toBe('COLLECTING_EMAIL');

      await vi.advanceTimersByTimeAsync(199);
      expect(effects.scrollToBottom).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(effects.scrollToBottom).toHaveBeenCalledTimes(1);
    });

    it('uses the longest delays at the top of the random range (1300 + 800 ms)', async () => {
      const { flow } = makeFlow({ random: () => 0.999_999 });
      flow.setup(visitor);
      flow.start();
      await vi.advanceTimersByTimeAsync(1_299);
      expect(flow.getState().typing).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(flow.getState().typing).toBe(false);
      await vi.advanceTimersByTimeAsync(799);
      expect(flow.getState().state).toBe('STARTING');
      await vi.advanceTimersByTimeAsync(1);
      expect(flow.getState().state).toBe('COLLECTING_EMAIL');
    });

    it('picks each delay from the random source', async () => {
      const draws = [0.5, 0.5];
      const { flow } = makeFlow({ random: () => draws.shift() ?? 0 });
      flow.setup(visitor);
      flow.start();
      // 800 + floor(0.5 × 501) = 1050; 600 + floor(0.5 × 201) = 700.
      await vi.advanceTimersByTimeAsync(1_049);
      expect(flow.getState().typing).toBe(true);
      await vi.advanceTimersByTimeAsync(1 + 699);
      expect(flow.getState().state).toBe('STARTING');
      await vi.advanceTimersByTimeAsync(1);
      expect(flow.getState().state).toBe('COLLECTING_EMAIL');
    });

    it('can start at the requested step', async () => {
      const { flow } = makeFlow();
      flow.setup(visitor);
      flow.start('COLLECTING_PHONE_NUMBER');
      await vi.advanceTimersByTimeAsync(1_400);
      expect(flow.getState().state).toBe('COLLECTING_PHONE_NUMBER');
    });

    it('does nothing outside UPCOMING', async () => {
      const { flow } = makeFlow();
      flow.start();
      expect(flow.getState().state).toBe('PREFLIGHT');
      flow.setup({ ...visitor, requireEmail: false });
      flow.start();
      expect(flow.getState().state).toBe('NOT_APPLICABLE');
      expect(vi.getTimerCount()).toBe(0);
    });

    it('ignores prompt text while the clone is still typing', async () => {
      const { flow, effects } = makeFlow();
      flow.setup(visitor);
      flow.start();
      await flow.submit('ada@example.com');
      expect(effects.sendEmailCode).not.toHaveBeenCalled();
      expect(flow.getState().state).toBe('STARTING');
    });
  });

  describe('e-mail step', () => {
    it("keeps an invalid address's error in values.error and stays", async () => {
      const { flow, effects } = await atStep();
      await flow.submit('not an email');
      expect(flow.getState()).toMatchObject({ state: 'COLLECTING_EMAIL', values: { error: INVALID_EMAIL } });
      await flow.submit('ada+news@example.com');
      expect(flow.getState().values.error).toBe('Subaddresses (ada+news@example.com) are not allowed');
      expect(effects.sendEmailCode).not.toHaveBeenCalled();
    });

    it('lets the app exempt staff domains from the subaddress rule', async () => {
      const { flow, effects } = await atStep(
        'COLLECTING_EMAIL',
        {},
        { emailRules: { staffDomains: ['doppel.dev'] } },
      );
      await flow.submit('qa+1@doppel.dev');
      expect(effects.sendEmailCode).toHaveBeenCalledWith('qa+1@doppel.dev');
    });

    it('sends the code for a valid address, busy meanwhile, then asks for the code', async () => {
      const sent = deferred<CaptureEffectResult>();
      const { flow, effects } = await atStep();
      effects.sendEmailCode.mockReturnValueOnce(sent.promise);
      await flow.submit('bad');
      const submitting = flow.submit('  Ada@Example.com ');
      expect(effects.sendEmailCode).toHaveBeenCalledWith('ada@example.com');
      expect(flow.getState()).toMatchObject({
        state: 'COLLECTING_EMAIL',
        busy: true,
        values: { error: null },
      });

      await flow.submit('other@example.com');
      expect(effects.sendEmailCode).toHaveBeenCalledTimes(1);

      sent.resolve(OK);
      await submitting;
      expect(flow.getState()).toMatchObject({
        state: 'COLLECTING_EMAIL_OTP',
        busy: false,
        values: { email: 'ada@example.com', error: null },
      });
      await vi.advanceTimersByTimeAsync(199);
      expect(effects.scrollToBottom).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(effects.scrollToBottom).toHaveBeenCalledTimes(1);
    });

    it("shows the server's error text when sending fails, and a fallback when the call throws", async () => {
      const { flow, effects } = await atStep();
      effects.sendEmailCode.mockResolvedValueOnce({ ok: false, error: 'This email address is banned.' });
      await flow.submit('ada@example.com');
      expect(flow.getState()).toMatchObject({
        state: 'COLLECTING_EMAIL',
        busy: false,
        values: { error: 'This email address is banned.' },
      });
      effects.sendEmailCode.mockRejectedValueOnce(new Error('offline'));
      await flow.submit('ada@example.com');
      expect(flow.getState().values.error).toBe(SEND_CODE_FAILED);
      await vi.advanceTimersByTimeAsync(200);
      expect(effects.scrollToBottom).toHaveBeenCalled();
    });
  });

  describe('e-mail code step', () => {
    async function atEmailCode(setup: Partial<CaptureSetupInput> = {}) {
      const made = await atStep('COLLECTING_EMAIL', setup);
      await made.flow.submit('ada@example.com');
      return made;
    }

    it("refuses a code that is not six digits with the spec's words", async () => {
      const { flow, effects } = await atEmailCode();
      await flow.submit('12345');
      expect(flow.getState()).toMatchObject({
        state: 'COLLECTING_EMAIL_OTP',
        values: { error: INVALID_CODE },
      });
      expect(effects.verifyEmailCode).not.toHaveBeenCalled();
    });

    it('verifies the code with hyphens removed and completes when no phone is required', async () => {
      const { flow, effects } = await atEmailCode();
      await flow.submit('123-456');
      expect(effects.verifyEmailCode).toHaveBeenCalledWith('ada@example.com', '123456');
      expect(flow.getState()).toMatchObject({
        state: 'COMPLETED',
        busy: false,
        values: { email: 'ada@example.com', otp: '123456', error: null, startedAt: START_MS },
      });
      expect(effects.onCompleted).toHaveBeenCalledTimes(1);
      expect(effects.onCompleted).toHaveBeenCalledWith({
        state: 'COMPLETED',
        values: flow.getState().values,
      });
    });

    it('goes on to the phone when one is required and the user has none', async () => {
      const { flow, effects } = await atEmailCode({ requirePhoneNumber: true });
      await flow.submit('123456');
      expect(flow.getState().state).toBe('COLLECTING_PHONE_NUMBER');
      expect(flow.getState().values.skippedEmail).toBe(false);
      expect(effects.onCompleted).not.toHaveBeenCalled();
    });

    it('completes when a phone is required and the user already has one', async () => {
      const { flow, effects } = await atEmailCode({ requirePhoneNumber: true });
      effects.verifyEmailCode.mockResolvedValueOnce({ ok: true, phoneNumber: '+15551234567' });
      await flow.submit('123456');
      expect(flow.getState().state).toBe('COMPLETED');
      expect(effects.onCompleted).toHaveBeenCalledTimes(1);
    });

    it('collects the phone again when the app knows the opt-in is missing', async () => {
      const { flow, effects } = await atEmailCode({ requirePhoneNumber: true });
      effects.verifyEmailCode.mockResolvedValueOnce({ ok: true, phoneNumber: '+15551234567', optIn: false });
      await flow.submit('123456');
      expect(flow.getState().state).toBe('COLLECTING_PHONE_NUMBER');
    });

    it('shows the verify error, or a fallback when the call throws, and stays', async () => {
      const { flow, effects } = await atEmailCode();
      effects.verifyEmailCode.mockResolvedValueOnce({ ok: false, error: 'That code has expired.' });
      await flow.submit('123456');
      expect(flow.getState()).toMatchObject({
        state: 'COLLECTING_EMAIL_OTP',
        values: { error: 'That code has expired.' },
      });
      effects.verifyEmailCode.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      await flow.submit('123456');
      expect(flow.getState().values.error).toBe(VERIFY_CODE_FAILED);
      expect(effects.onCompleted).not.toHaveBeenCalled();
    });

    it('survives an onCompleted that throws or rejects', async () => {
      const rejecting = await atEmailCode();
      rejecting.effects.onCompleted.mockImplementationOnce(() => Promise.reject(new Error('claim failed')));
      await rejecting.flow.submit('123456');
      expect(rejecting.flow.getState().state).toBe('COMPLETED');

      const throwing = await atEmailCode();
      throwing.effects.onCompleted.mockImplementationOnce(() => {
        throw new Error('refresh failed');
      });
      await expect(throwing.flow.submit('123456')).resolves.toBeUndefined();
      expect(throwing.flow.getState().state).toBe('COMPLETED');
    });
  });

  describe('phone steps', () => {
    async function atPhone() {
      const made = await atStep('COLLECTING_EMAIL', { requirePhoneNumber: true });
      await made.flow.submit('ada@example.com');
      await made.flow.submit('123456');
      return made;
    }

    it("refuses an empty number with 'Invalid Phone Number'", async () => {
      const { flow, effects } = await atPhone();
      await flow.submit('   ');
      expect(flow.getState()).toMatchObject({
        state: 'COLLECTING_PHONE_NUMBER',
        values: { error: INVALID_PHONE_NUMBER },
      });
      expect(effects.sendPhoneCode).not.toHaveBeenCalled();
    });

    it('texts a code, verifies it, sets the opt-in and completes', async () => {
      const { flow, effects } = await atPhone();
      await flow.submit(' +1 555 123 4567 ');
      expect(effects.sendPhoneCode).toHaveBeenCalledWith('+1 555 123 4567');
      expect(flow.getState()).toMatchObject({
        state: 'COLLECTING_PHONE_NUMBER_OTP',
        values: { phone: '+1 555 123 4567' },
      });

      await flow.submit('abc');
      expect(flow.getState().values.error).toBe(INVALID_CODE);
      await flow.submit('654 321');
      expect(effects.verifyPhoneCode).toHaveBeenCalledWith('+1 555 123 4567', '654321');
      expect(flow.getState()).toMatchObject({
        state: 'COMPLETED',
        values: { otp_phone: '654321', opt_in_status: true, error: null },
      });
      expect(effects.onCompleted).toHaveBeenCalledTimes(1);
    });

    it('shows send and verify failures as chat text', async () => {
      const { flow, effects } = await atPhone();
      effects.sendPhoneCode.mockResolvedValueOnce({ ok: false, error: 'Enter a valid phone number.' });
      await flow.submit('12');
      expect(flow.getState()).toMatchObject({
        state: 'COLLECTING_PHONE_NUMBER',
        values: { error: 'Enter a valid phone number.' },
      });
      effects.sendPhoneCode.mockRejectedValueOnce(new Error('down'));
      await flow.submit('5551234567');
      expect(flow.getState().values.error).toBe(SEND_CODE_FAILED);
      await flow.submit('5551234567');
      effects.verifyPhoneCode.mockResolvedValueOnce({ ok: false, error: 'Invalid code' });
      await flow.submit('111111');
      expect(flow.getState()).toMatchObject({
        state: 'COLLECTING_PHONE_NUMBER_OTP',
        values: { error: 'Invalid code' },
      });
      effects.verifyPhoneCode.mockRejectedValueOnce(new Error('down'));
      await flow.submit('111111');
      expect(flow.getState().values.error).toBe(VERIFY_CODE_FAILED);
      expect(effects.onCompleted).not.toHaveBeenCalled();
    });
  });

  describe('change', () => {
    it('goes back from the e-mail code to the e-mail step, keeping the address', async () => {
      const { flow, effects } = await atStep();
      await flow.submit('ada@example.com');
      await flow.submit('1');
      flow.change();
      expect(flow.getState()).toMatchObject({
        state: 'COLLECTING_EMAIL',
        values: { email: 'ada@example.com', error: null, otp: '' },
      });
      await vi.advanceTimersByTimeAsync(200);
      expect(effects.scrollToBottom).toHaveBeenCalled();
      await flow.submit('grace@example.com');
      expect(flow.getState()).toMatchObject({
        state: 'COLLECTING_EMAIL_OTP',
        values: { email: 'grace@example.com' },
      });
    });

    it('goes back from the phone code to the phone step', async () => {
      const { flow } = makeFlow();
      flow.setup({ ...visitor, requirePhoneNumber: true, user: { phoneNumber: null, optIn: false } });
      await flow.submit('5551234567');
      flow.change();
      expect(flow.getState()).toMatchObject({
        state: 'COLLECTING_PHONE_NUMBER',
        values: { skippedEmail: true },
      });
    });

    it('drops the answer of a verify still in flight', async () => {
      const verify = deferred<CaptureVerifyResult>();
      const { flow, effects } = await atStep();
      await flow.submit('ada@example.com');
      effects.verifyEmailCode.mockReturnValueOnce(verify.promise);
      const verifying = flow.submit('123456');
      expect(flow.getState().busy).toBe(true);
      flow.change();
      expect(flow.getState()).toMatchObject({ state: 'COLLECTING_EMAIL', busy: false });
      verify.resolve(VERIFIED);
      await verifying;
      expect(flow.getState().state).toBe('COLLECTING_EMAIL');
      expect(effects.onCompleted).not.toHaveBeenCalled();
    });

    it('does nothing outside a code step', async () => {
      const { flow } = await atStep();
      const before = flow.getState();
      flow.change();
      expect(flow.getState()).toBe(before);
    });
  });

  describe('resend', () => {
    it("resends the e-mail code: 'Resending code...' then 'Code resent'", async () => {
      const again = deferred<CaptureEffectResult>();
      const { flow, effects } = await atStep();
      await flow.submit('ada@example.com');
      effects.sendEmailCode.mockReturnValueOnce(again.promise);
      const resending = flow.resend();
      expect(flow.getState()).toMatchObject({ busy: true, notice: RESENDING_CODE });
      expect(effects.sendEmailCode).toHaveBeenLastCalledWith('ada@example.com');
      again.resolve(OK);
      await resending;
      expect(flow.getState()).toMatchObject({
        state: 'COLLECTING_EMAIL_OTP',
        busy: false,
        notice: CODE_RESENT,
      });
      await flow.submit('12');
      expect(flow.getState().notice).toBe(CODE_RESENT);
    });

    it('shows a resend failure inline and clears the notice', async () => {
      const { flow, effects } = await atStep();
      await flow.submit('ada@example.com');
      effects.sendEmailCode.mockResolvedValueOnce({ ok: false, error: 'Too many codes. Try again later.' });
      await flow.resend();
      expect(flow.getState()).toMatchObject({
        state: 'COLLECTING_EMAIL_OTP',
        notice: null,
        values: { error: 'Too many codes. Try again later.' },
      });
      effects.sendEmailCode.mockRejectedValueOnce(new Error('down'));
      await flow.resend();
      expect(flow.getState().values.error).toBe(SEND_CODE_FAILED);
    });

    it('resends the phone code on the phone code step', async () => {
      const { flow, effects } = makeFlow();
      flow.setup({ ...visitor, requirePhoneNumber: true, user: { phoneNumber: null, optIn: false } });
      await flow.submit('5551234567');
      await flow.resend();
      expect(effects.sendPhoneCode).toHaveBeenCalledTimes(2);
      expect(effects.sendPhoneCode).toHaveBeenLastCalledWith('5551234567');
      expect(effects.sendEmailCode).not.toHaveBeenCalled();
      expect(flow.getState().notice).toBe(CODE_RESENT);
    });

    it('does nothing outside a code step', async () => {
      const { flow, effects } = await atStep();
      await flow.resend();
      expect(effects.sendEmailCode).not.toHaveBeenCalled();
      expect(flow.getState().notice).toBeNull();
    });
  });

  describe('invalid state', () => {
    const on = (state: CaptureSnapshot['state']) => ({
      initial: { state, values: { ...EMPTY_CAPTURE_VALUES } },
    });

    it('refuses to verify or resend without an e-mail address', async () => {
      const { flow, effects } = makeFlow(on('COLLECTING_EMAIL_OTP'));
      await flow.submit('123456');
      expect(flow.getState().values.error).toBe(CAPTURE_EMAIL_NOT_SET);
      await flow.resend();
      expect(flow.getState().values.error).toBe(CAPTURE_EMAIL_NOT_SET);
      expect(effects.verifyEmailCode).not.toHaveBeenCalled();
      expect(effects.sendEmailCode).not.toHaveBeenCalled();
    });

    it('refuses to verify or resend without a phone number', async () => {
      const { flow, effects } = makeFlow(on('COLLECTING_PHONE_NUMBER_OTP'));
      await flow.submit('123456');
      expect(flow.getState().values.error).toBe(CAPTURE_PHONE_NOT_SET);
      await flow.resend();
      expect(flow.getState().values.error).toBe(CAPTURE_PHONE_NOT_SET);
      expect(effects.verifyPhoneCode).not.toHaveBeenCalled();
      expect(effects.sendPhoneCode).not.toHaveBeenCalled();
    });
  });

  describe('store', () => {
    it('notifies subscribers on change and keeps the state object stable in between', async () => {
      const { flow } = makeFlow();
      const listener = vi.fn();
      const unsubscribe = flow.subscribe(listener);
      const first = flow.getState();
      expect(flow.getState()).toBe(first);
      flow.setup(visitor);
      expect(listener).toHaveBeenCalled();
      const second = flow.getState();
      expect(second).not.toBe(first);
      listener.mockClear();
      flow.observeChat({ ...quotaReached, userMessageCount: 0 });
      flow.start('COLLECTING_PHONE_NUMBER');
      flow.start('COLLECTING_EMAIL');
      await flow.submit('nothing to do');
      expect(listener).toHaveBeenCalledTimes(1);
      unsubscribe();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(listener).toHaveBeenCalledTimes(1);
      expect(flow.getState().state).toBe('COLLECTING_PHONE_NUMBER');
    });

    it('stops every timer and ignores answers after dispose', async () => {
      const sent = deferred<CaptureEffectResult>();
      const { flow, effects } = await atStep();
      effects.sendEmailCode.mockReturnValueOnce(sent.promise);
      const submitting = flow.submit('ada@example.com');
      flow.dispose();
      sent.resolve(OK);
      await submitting;
      expect(flow.getState().state).toBe('COLLECTING_EMAIL');

      const other = makeFlow();
      other.flow.setup(visitor);
      other.flow.observeChat(quotaReached);
      other.flow.dispose();
      expect(vi.getTimerCount()).toBe(0);
      other.flow.start();
      other.flow.observeChat(quotaReached);
      expect(vi.getTimerCount()).toBe(0);
      expect(other.flow.getState().state).toBe('UPCOMING');
    });
  });

  it('runs the whole visitor journey end to end', async () => {
    const { flow, effects } = makeFlow({ random: () => 0 });
    flow.setup({ ...visitor, requirePhoneNumber: true });
    flow.observeChat(quotaReached);
    await vi.advanceTimersByTimeAsync(500 + 800 + 600);
    expect(flow.getState().state).toBe('COLLECTING_EMAIL');
    await flow.submit('ada@example.com');
    await flow.submit('123456');
    await flow.submit('5551234567');
    await flow.submit('654321');
    expect(flow.getState()).toEqual({
      state: 'COMPLETED',
      typing: false,
      busy: false,
      notice: null,
      values: {
        email: 'ada@example.com',
        otp: '123456',
        phone: '5551234567',
        otp_phone: '654321',
        opt_in_status: true,
        error: null,
        startedAt: START_MS + 500,
        skippedEmail: false,
      },
    });
    expect(effects.onCompleted).toHaveBeenCalledTimes(1);
  });
});
