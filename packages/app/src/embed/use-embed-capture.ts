/**
 * @module The capture flow of an embedded chat as a hook (spec/chat.md §4, spec/calls.md §4): the
 * flow (loaded on demand, see embed-capture-flow.ts) set up from the session, told of the chat's
 * message count, its state for rendering.
 */
import { type CaptureFlow, type CaptureFlowState, EMPTY_CAPTURE_VALUES } from '@doppel/core';
import type { CloneProfile } from '@doppel/protocol';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { fetchOptIn } from '../api';
import { session } from '../session';
import type { EmbedStorage } from './embed-storage';

export interface EmbedCaptureOptions {
  clone: CloneProfile;
  storage: EmbedStorage;
  /** Whitelabel embeds ask for code mails without the product logo. */
  noLogo: boolean;
  /** The chat's facts: user messages so far (this conversation, or the visitor's usage) and whether it is busy. */
  userMessageCount: number;
  chatBusy: boolean;
  /** COMPLETED: claim the conversation and refresh usage (the session is refreshed before). */
  onCompleted: () => Promise<void>;
  /** The flow asks for the newest line to be shown (200 ms after a step). */
  onScroll: () => void;
}

/** Before the flow is here: nothing to capture yet. */
const WAITING: CaptureFlowState = {
  state: 'PREFLIGHT',
  values: EMPTY_CAPTURE_VALUES,
  typing: false,
  busy: false,
  notice: null,
};
const noSubscription = (): (() => void) => () => undefined;
const waiting = (): CaptureFlowState => WAITING;

/** The component must track signals (`useSignals`). `flow` is null until loaded (PREFLIGHT). */
export function useEmbedCapture(options: EmbedCaptureOptions): {
  flow: CaptureFlow | null;
  state: CaptureFlowState;
} {
  const latest = useRef(options);
  latest.current = options;
  const { clone, storage } = options;
  const instanceSlug = clone.instance?.slug ?? null;
  const { requireEmail, requirePhoneNumber } = clone.options;
  const sessionReady = session.status.value === 'ready';
  const user = session.user.value;

  // Loaded once someone may be asked: a visitor, or a user whose phone the clone requires.
  const wanted = sessionReady && requireEmail && (user === null || requirePhoneNumber);
  const wantedBefore = useRef(false);
  if (wanted) wantedBefore.current = true;
  const wantedOnce = wantedBefore.current;
  const [flow, setFlow] = useState<CaptureFlow | null>(null);
  useEffect(() => {
    if (!wantedOnce) return;
    let live = true;
    let created: CaptureFlow | null = null;
    import('./embed-capture-flow').then(
      ({ createEmbedCaptureFlow }) => {
        if (!live) return;
        created = createEmbedCaptureFlow({
          clone,
          storage,
          noLogo: () => latest.current.noLogo,
          onCompleted: () => latest.current.onCompleted(),
          onScroll: () => latest.current.onScroll(),
        });
        setFlow(created);
        // Its lines are needed once it starts: fetch them now, not then.
        void import('./capture-block').catch(() => undefined);
      },
      () => undefined,
    );
    return () => {
      live = false;
      created?.dispose();
      setFlow(null);
    };
  }, [wantedOnce, clone, storage]);

  const state = useSyncExternalStore(
    flow?.subscribe ?? noSubscription,
    flow?.getState ?? waiting,
    flow?.getState ?? waiting,
  );

  // The first state once the session is known, and again whenever the user changes.
  const userKey = sessionReady ? (user ? `${user.id}:${user.phoneNumber ?? ''}` : '') : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: set up per user (the key), not per render.
  useEffect(() => {
    if (userKey === null || !flow) return;
    // Signed in by the flow itself: it is COMPLETED already, with its lines on screen.
    if (user && flow.getState().state === 'COMPLETED') return;
    let live = true;
    const setup = (optIn: boolean): void => {
      if (!live) return;
      flow.setup({
        embedded: true,
        shareLink: false,
        requireEmail,
        requirePhoneNumber,
        user: user ? { phoneNumber: user.phoneNumber, optIn } : null,
        previous: storage.capture(clone.slug, instanceSlug),
      });
    };
    // Only a phone requirement needs the signed-in user's opt-in for this clone.
    if (user && requirePhoneNumber && requireEmail) fetchOptIn(clone.slug).then(setup, () => setup(false));
    else setup(false);
    return () => {
      live = false;
    };
  }, [userKey, flow]);

  // spec/chat.md §4: UPCOMING starts 500 ms after the quota is reached, nothing pending.
  const { userMessageCount, chatBusy } = options;
  const anonymousQuota = clone.monetization.anonymous_quota.messages;
  useEffect(() => {
    flow?.observeChat({ userMessageCount, anonymousQuota, busy: chatBusy });
  }, [flow, userMessageCount, anonymousQuota, chatBusy]);

  return { flow, state };
}
