/**
 * @module The capture flow of an embedded chat as signals (spec/chat.md §4, spec/calls.md §4):
 * core's flow (a subscribe/getState machine, free of signals) loaded on first use once someone
 * may be asked (see embed-capture-flow.ts), set up from the session per user, told of the chat's
 * message count, and handed to the conversation controller, which gives it the prompt while it
 * collects.
 */
import { type CaptureFlow, type CaptureFlowState, EMPTY_CAPTURE_VALUES, isCapturing } from '@doppel/core';
import type { CloneProfile } from '@doppel/protocol';
import { computed, effect, type ReadonlySignal, signal } from '@preact/signals-core';
import { type ApiClient, fetchOptIn } from '../api';
import type { CaptureHandoff } from '../conversation/conversation-controller';
import type { SessionStore } from '../session/session-store';
import type { EmbedStorage } from './embed-storage';

export interface EmbedCaptureOptions {
  clone: CloneProfile;
  storage: EmbedStorage;
  api: ApiClient;
  session: SessionStore;
  /** Whitelabel embeds ask for code mails without the product logo. */
  noLogo: () => boolean;
  /** The chat's facts: user messages so far (this conversation, or the visitor's usage) and whether it is busy. */
  chat: ReadonlySignal<{ userMessageCount: number; busy: boolean }>;
  /** COMPLETED: claim the conversation and refresh usage (the session is refreshed before). */
  onCompleted: () => Promise<void>;
  /** The flow asks for the newest line to be shown (200 ms after a step). */
  onScroll: () => void;
}

export interface EmbedCapture extends CaptureHandoff {
  /** The flow, null until loaded (PREFLIGHT until then). */
  flow: ReadonlySignal<CaptureFlow | null>;
  state: ReadonlySignal<CaptureFlowState>;
  /** Loads and drives the flow while the chat is shown; returns the stop function. */
  connect(): () => void;
}

/** Before the flow is here: nothing to capture yet. */
const WAITING: CaptureFlowState = {
  state: 'PREFLIGHT',
  values: EMPTY_CAPTURE_VALUES,
  typing: false,
  busy: false,
  notice: null,
};

/** Creates the capture of one embedded chat. */
export function createEmbedCapture(options: EmbedCaptureOptions): EmbedCapture {
  const { clone, storage, api, session } = options;
  const instanceSlug = clone.instance?.slug ?? null;
  const { requireEmail, requirePhoneNumber } = clone.options;
  const flow = signal<CaptureFlow | null>(null);
  const state = signal<CaptureFlowState>(WAITING);
  const active = computed(() => isCapturing(state.value.state));
  const applies = computed(() => state.value.state === 'UPCOMING' || active.value);
  // null while the session loads; then the user (and their phone), or '' for a visitor.
  const userKey = computed(() => {
    if (session.status.value !== 'ready') return null;
    const user = session.user.value;
    return user ? `${user.id}:${user.phoneNumber ?? ''}` : '';
  });

  async function submit(text: string): Promise<boolean> {
    const current = flow.peek();
    if (!current) return false;
    const before = current.getState().state;
    await current.submit(text);
    return current.getState().state !== before;
  }

  function connect(): () => void {
    let live = true;
    let loading = false;
    let unsubscribe = (): void => undefined;
    // Loaded once someone may be asked (a visitor, or a user whose phone the clone requires)
    // and the chat is in use: a message sent (now or on an earlier visit), a capture to resume,
    // or no free messages at all. Not with the chat's first paint: most visitors who open it
    // never reach the quota, and its first load stays small (docs/performance.md).
    const stopLoading = effect(() => {
      const wanted =
        session.status.value === 'ready' &&
        requireEmail &&
        (session.user.value === null || requirePhoneNumber);
      const { userMessageCount, busy } = options.chat.value;
      const inUse =
        userMessageCount > 0 ||
        busy ||
        clone.monetization.anonymous_quota.messages <= 0 ||
        storage.capture(clone.slug, instanceSlug) !== null;
      if (!wanted || !inUse || loading || !live) return;
      loading = true;
      import('./embed-capture-flow').then(
        ({ createEmbedCaptureFlow }) => {
          if (!live) return;
          const made = createEmbedCaptureFlow({
            clone,
            storage,
            api,
            session,
            noLogo: options.noLogo,
            onCompleted: options.onCompleted,
            onScroll: options.onScroll,
          });
          // core's flow is a subscribe/getState machine: its state becomes a signal here.
          state.value = made.getState();
          unsubscribe = made.subscribe(() => {
            state.value = made.getState();
          });
          flow.value = made;
          // Its lines are needed once it starts: fetch them now, not then.
          void import('./capture-block').catch(() => undefined);
        },
        () => undefined,
      );
    });
    const stopSetup = effect(() => setUpForUser(flow.value, userKey.value));
    // spec/chat.md §4: UPCOMING starts 500 ms after the quota is reached, nothing pending.
    const stopObserving = effect(() => {
      const { userMessageCount, busy } = options.chat.value;
      flow.value?.observeChat({
        userMessageCount,
        anonymousQuota: clone.monetization.anonymous_quota.messages,
        busy,
      });
    });
    return () => {
      live = false;
      stopLoading();
      stopSetup();
      stopObserving();
      unsubscribe();
      flow.peek()?.dispose();
      flow.value = null;
      state.value = WAITING;
    };
  }

  /** The first state once the session is known, and again whenever the user changes. */
  function setUpForUser(current: CaptureFlow | null, key: string | null): (() => void) | undefined {
    if (!current || key === null) return;
    const user = session.user.peek();
    // Signed in by the flow itself: it is COMPLETED already, with its lines on screen.
    if (user && current.getState().state === 'COMPLETED') return;
    let live = true;
    const setup = (optIn: boolean): void => {
      if (!live) return;
      current.setup({
        embedded: true,
        shareLink: false,
        requireEmail,
        requirePhoneNumber,
        user: user ? { phoneNumber: user.phoneNumber, optIn } : null,
        previous: storage.capture(clone.slug, instanceSlug),
      });
    };
    // Only a phone requirement needs the signed-in user's opt-in for this clone.
    if (user && requirePhoneNumber && requireEmail)
      fetchOptIn(api, clone.slug).then(setup, () => setup(false));
    else setup(false);
    return () => {
      live = false;
    };
  }

  return { flow, state, active, applies, submit, connect };
}
