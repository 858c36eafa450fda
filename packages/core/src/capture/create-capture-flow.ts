/**
 * @module create-capture-flow — the capture flow's driver: timers, effects and prompt routing
 * around the pure `captureTransition`, with a `subscribe`/`getState` pair for
 * `useSyncExternalStore`.
 */
import {
  CAPTURE_EMAIL_NOT_SET,
  CAPTURE_PHONE_NOT_SET,
  CAPTURE_SCROLL_MS,
  CAPTURE_START_DELAY_MS,
  CAPTURE_TYPING_FIRST_MS,
  CAPTURE_TYPING_SECOND_MS,
  type CaptureSnapshot,
  type CaptureStep,
  CODE_RESENT,
  RESENDING_CODE,
  SEND_CODE_FAILED,
  VERIFY_CODE_FAILED,
} from '@doppel/protocol';
import type { TimerFunctions } from '../chat/create-idle-timer';
import { quotaExhausted } from '../metering/quota-exhausted';
import { normaliseOtp } from '../validation/normalise-otp';
import { type EmailRules, validateEmail } from '../validation/validate-email';
import { type CaptureSetupInput, EMPTY_CAPTURE_VALUES } from './capture-setup';
import { type CaptureEvent, captureTransition } from './capture-transition';
import { isCapturing } from './is-capturing';
import { validateCapturePhone } from './validate-capture-phone';

/** A code was sent, or the server's reason it was not (its `error` or `detail` text). */
export type CaptureEffectResult = { ok: true } | { ok: false; error: string };
/** The e-mail code was verified (the user is signed in), with what the flow needs to go on. */
export type CaptureVerifyResult =
  | { ok: true; phoneNumber: string | null; optIn?: boolean }
  | { ok: false; error: string };

/** The I/O the flow asks the app for. A rejected promise counts as a failure without a reason. */
export interface CaptureEffects {
  sendEmailCode(email: string): Promise<CaptureEffectResult>;
  /** Verify, store the token, and report the user's phone number (and opt-in when known). */
  verifyEmailCode(email: string, code: string): Promise<CaptureVerifyResult>;
  sendPhoneCode(phone: string): Promise<CaptureEffectResult>;
  /** Verify the number and record the text opt-in for the clone. */
  verifyPhoneCode(phone: string, code: string): Promise<CaptureEffectResult>;
  /** COMPLETED: refresh the session, claim the conversation, update the relationship. */
  onCompleted(snapshot: CaptureSnapshot): void | Promise<void>;
  scrollToBottom(): void;
}

export interface CaptureFlowOptions<H> extends TimerFunctions<H> {
  /** Epoch milliseconds, for `values.startedAt`. */
  now: () => number;
  /** A number in [0, 1), for the simulated typing delays. */
  random: () => number;
  effects: CaptureEffects;
  /** Subaddress exemptions the app knows of; bans are the server's to check. */
  emailRules?: EmailRules;
  /** Resume from this snapshot instead of PREFLIGHT (previews and tests); `setup` still applies. */
  initial?: CaptureSnapshot;
  /** Clone option requirePhoneNumber until `setup` says otherwise. */
  requirePhoneNumber?: boolean;
}

/** What the app renders: the snapshot plus the driver's transient flags. */
export interface CaptureFlowState extends CaptureSnapshot {
  /** The clone "is typing" (the first simulated delay). */
  typing: boolean;
  /** A code is being sent or verified; further submits are ignored. */
  busy: boolean;
  /** 'Resending code...' then 'Code resent' after 'send code again'. */
  notice: string | null;
}

/** What the chat tells the flow each time it changes. */
export interface CaptureChatFacts {
  /** User messages in the conversation. */
  userMessageCount: number;
  /** monetization.anonymous_quota.messages (-1 unlimited). */
  anonymousQuota: number;
  /** A send is pending or an answer is streaming. */
  busy: boolean;
}

export interface CaptureFlow {
  getState(): CaptureFlowState;
  subscribe(listener: () => void): () => void;
  /** Pick the first state once the session is known; ignored while capture is active. */
  setup(input: CaptureSetupInput): void;
  /** Arms (or cancels) the 500 ms auto-start from UPCOMING. */
  observeChat(facts: CaptureChatFacts): void;
  /** UPCOMING → STARTING → typing → the step (e-mail unless asked otherwise). */
  start(step?: CaptureStep): void;
  /** The prompt's text while capture is active: an e-mail, a code or a phone number. */
  submit(text: string): Promise<void>;
  /** 'Change e-mail/number': back from a code step to its collecting step. */
  change(): void;
  /** 'Send code again' for the current code step. */
  resend(): Promise<void>;
  /** Cancel every timer and ignore every pending answer. */
  dispose(): void;
}

const between = (random: () => number, range: { min: number; max: number }): number =>
  range.min + Math.floor(random() * (range.max - range.min + 1));

async function attempt<T>(
  run: () => Promise<T>,
  fallback: string,
): Promise<T | { ok: false; error: string }> {
  try {
    return await run();
  } catch {
    return { ok: false, error: fallback };
  }
}

/**
 * Creates the capture flow for one embedded chat. Starts in PREFLIGHT (or `initial`) until `setup`.
 * Why: spec/chat.md §4 (Capture) / §9 (500 ms start, 800–1300 + 600–800 ms typing, 200 ms
 * scroll) and spec/calls.md §4.
 */
export function createCaptureFlow<H>(options: CaptureFlowOptions<H>): CaptureFlow {
  const { effects } = options;
  const listeners = new Set<() => void>();
  const timers = new Set<H>();
  let state: CaptureFlowState = {
    state: options.initial?.state ?? 'PREFLIGHT',
    values: { ...(options.initial?.values ?? EMPTY_CAPTURE_VALUES) },
    typing: false,
    busy: false,
    notice: null,
  };
  let requirePhoneNumber = options.requirePhoneNumber ?? false;
  let chat: CaptureChatFacts | null = null;
  let startTimer: H | null = null;
  let scrollTimer: H | null = null;
  let generation = 0;
  let disposed = false;

  const later = (ms: number, run: () => void): H => {
    const handle = options.setTimeout(() => {
      timers.delete(handle);
      run();
    }, ms);
    timers.add(handle);
    return handle;
  };
  const cancel = (handle: H | null): null => {
    if (handle !== null && timers.delete(handle)) options.clearTimeout(handle);
    return null;
  };
  const set = (patch: Partial<CaptureFlowState>): void => {
    const next = { ...state, ...patch };
    const same =
      next.state === state.state &&
      next.values === state.values &&
      next.typing === state.typing &&
      next.busy === state.busy &&
      next.notice === state.notice;
    if (same) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };
  const dispatch = (event: CaptureEvent): boolean => {
    const next = captureTransition(state, event);
    if (next === state) return false;
    set({ state: next.state, values: next.values });
    return true;
  };
  const scrollSoon = (): void => {
    scrollTimer = cancel(scrollTimer);
    scrollTimer = later(CAPTURE_SCROLL_MS, () => {
      scrollTimer = null;
      effects.scrollToBottom();
    });
  };
  const fail = (error: string): void => {
    if (dispatch({ type: 'FAIL', error })) scrollSoon();
  };
  const complete = (): void => {
    const snapshot = { state: state.state, values: state.values };
    try {
      Promise.resolve(effects.onCompleted(snapshot)).catch(() => undefined);
    } catch {
      // The app reports its own failures; they do not undo COMPLETED.
    }
  };

  /** spec/chat.md §4: UPCOMING starts 500 ms after the quota is reached, nothing pending. */
  const evaluateStart = (): void => {
    const due =
      !disposed &&
      state.state === 'UPCOMING' &&
      chat !== null &&
      !chat.busy &&
      quotaExhausted({ quota: chat.anonymousQuota, used: chat.userMessageCount, overage: false });
    if (!due) {
      startTimer = cancel(startTimer);
      return;
    }
    if (startTimer === null) {
      startTimer = later(CAPTURE_START_DELAY_MS, () => {
        startTimer = null;
        flow.start();
      });
    }
  };

  /** Runs one effect; applies its answer only if nothing moved the flow meanwhile. */
  const run = async <T extends { ok: boolean }>(
    effect: () => Promise<T>,
    fallback: string,
    patch: Partial<CaptureFlowState> = {},
  ): Promise<T | { ok: false; error: string } | null> => {
    const mine = ++generation;
    set({ busy: true, notice: null, values: { ...state.values, error: null }, ...patch });
    const result = await attempt(effect, fallback);
    if (mine !== generation || disposed) return null;
    set({ busy: false });
    return result;
  };

  const submitEmail = async (text: string): Promise<void> => {
    const check = validateEmail(text, options.emailRules);
    if (!check.ok) return fail(check.error);
    const result = await run(() => effects.sendEmailCode(check.email), SEND_CODE_FAILED);
    if (!result) return;
    if (!result.ok) return fail(result.error);
    dispatch({ type: 'EMAIL_SENT', email: check.email });
    scrollSoon();
  };

  const submitEmailCode = async (text: string): Promise<void> => {
    const check = normaliseOtp(text);
    if (!check.ok) return fail(check.error);
    const email = state.values.email;
    if (!email) return fail(CAPTURE_EMAIL_NOT_SET);
    const result = await run(() => effects.verifyEmailCode(email, check.code), VERIFY_CODE_FAILED);
    if (!result) return;
    if (!result.ok) return fail(result.error);
    dispatch({
      type: 'EMAIL_VERIFIED',
      otp: check.code,
      phoneRequired: requirePhoneNumber,
      phoneNumber: result.phoneNumber,
      optIn: result.optIn,
    });
    scrollSoon();
    if (state.state === 'COMPLETED') complete();
  };

  const submitPhone = async (text: string): Promise<void> => {
    const check = validateCapturePhone(text);
    if (!check.ok) return fail(check.error);
    const result = await run(() => effects.sendPhoneCode(check.phone), SEND_CODE_FAILED);
    if (!result) return;
    if (!result.ok) return fail(result.error);
    dispatch({ type: 'PHONE_SENT', phone: check.phone });
    scrollSoon();
  };

  const submitPhoneCode = async (text: string): Promise<void> => {
    const check = normaliseOtp(text);
    if (!check.ok) return fail(check.error);
    const phone = state.values.phone;
    if (!phone) return fail(CAPTURE_PHONE_NOT_SET);
    const result = await run(() => effects.verifyPhoneCode(phone, check.code), VERIFY_CODE_FAILED);
    if (!result) return;
    if (!result.ok) return fail(result.error);
    dispatch({ type: 'PHONE_VERIFIED', otp: check.code });
    scrollSoon();
    complete();
  };

  const flow: CaptureFlow = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    setup(input) {
      if (disposed || isCapturing(state.state)) return;
      requirePhoneNumber = input.requirePhoneNumber;
      generation += 1;
      dispatch({ type: 'SETUP', input });
      set({ typing: false, busy: false, notice: null });
      evaluateStart();
    },
    observeChat(facts) {
      chat = { ...facts };
      evaluateStart();
    },
    start(step = 'COLLECTING_EMAIL') {
      startTimer = cancel(startTimer);
      if (disposed) return;
      const started = captureTransition(state, { type: 'START', at: options.now() });
      if (started === state) return;
      set({ ...started, typing: true });
      later(between(options.random, CAPTURE_TYPING_FIRST_MS), () => {
        set({ typing: false });
        later(between(options.random, CAPTURE_TYPING_SECOND_MS), () => {
          dispatch({ type: 'SHOW_STEP', step });
          scrollSoon();
        });
      });
    },
    async submit(text) {
      if (disposed || state.busy) return;
      switch (state.state) {
        case 'COLLECTING_EMAIL':
          return submitEmail(text);
        case 'COLLECTING_EMAIL_OTP':
          return submitEmailCode(text);
        case 'COLLECTING_PHONE_NUMBER':
          return submitPhone(text);
        case 'COLLECTING_PHONE_NUMBER_OTP':
          return submitPhoneCode(text);
        default:
          return;
      }
    },
    change() {
      if (disposed || !dispatch({ type: 'CHANGE' })) return;
      generation += 1;
      set({ busy: false, notice: null });
      scrollSoon();
    },
    async resend() {
      if (disposed || state.busy) return;
      const { state: step, values } = state;
      if (step !== 'COLLECTING_EMAIL_OTP' && step !== 'COLLECTING_PHONE_NUMBER_OTP') return;
      const email = step === 'COLLECTING_EMAIL_OTP';
      const target = email ? values.email : values.phone;
      if (!target) return fail(email ? CAPTURE_EMAIL_NOT_SET : CAPTURE_PHONE_NOT_SET);
      const send = () => (email ? effects.sendEmailCode(target) : effects.sendPhoneCode(target));
      const result = await run(send, SEND_CODE_FAILED, { notice: RESENDING_CODE });
      if (!result) return;
      if (!result.ok) {
        set({ notice: null });
        return fail(result.error);
      }
      set({ notice: CODE_RESENT });
    },
    dispose() {
      disposed = true;
      generation += 1;
      for (const handle of timers) options.clearTimeout(handle);
      timers.clear();
      startTimer = null;
      scrollTimer = null;
      listeners.clear();
    },
  };
  return flow;
}
