/**
 * @module The paywall of a clone's pages as signals, framework-neutral (spec/chat.md §4, §6,
 * spec/calls.md §2): core's `shouldOpenPaywall` says whether a text limit is reached, core's
 * `paywallAction` whether opening it asks a visitor to sign in or shows a user the tiers; it
 * closes when usage is back within limits and when the user signs out.
 */
import {
  anonymousQuota,
  type PaywallAction,
  type PaywallInput,
  paywallAction,
  paywallTriggers,
} from '@doppel/core';
import {
  type CloneProfile,
  FREE_CALL_MINUTES_USED,
  FREE_VIDEO_MINUTES_USED,
  type MeteredResource,
  type RelationshipType,
} from '@doppel/protocol';
import { computed, effect, type ReadonlySignal, signal } from '@preact/signals-core';
import type { LoginRequestStore } from '../auth/login-request';
import type { SessionStore } from '../session/session-store';
import type { UsageStore } from '../session/usage-store';

/** The line above the sign-in form when an anonymous visitor has used the free messages. */
export const FREE_MESSAGES_USED = "You've used your free messages. Sign in to keep chatting.";

/** Why the paywall is open: a limit was reached, or it was asked for (the `paywall` query). */
export type PaywallReason = 'limit' | 'request';

export interface PaywallOptions {
  clone: CloneProfile;
  session: SessionStore;
  usage: UsageStore;
  login: LoginRequestStore;
  /** Whitelabel embeds show no paywall to anonymous visitors. */
  whitelabel?: boolean;
  /** The embed's capture flow asks for the e-mail in the chat instead of the sign-in dialog. */
  captureActive?: ReadonlySignal<boolean>;
  /** Told each time it opens (spec/chat.md §4: a local flag paywalled=true is stored). */
  onOpened?: () => void;
  /** What it guards: messages (the default), or voice seconds on the call page (spec/calls.md §5). */
  resource?: MeteredResource;
  /**
   * Call time: what a visitor used of the anonymous quota as this browser counts it (the local
   * remaining time, spec/calls.md §3, §6). Messages are counted from the usage answer.
   */
  anonymousUsed?: ReadonlySignal<number>;
}

export interface Paywall {
  /** What it guards. */
  resource: MeteredResource;
  /** Whether a limit of its resource is reached now (the paywall's triggers fired). */
  limitReached: ReadonlySignal<boolean>;
  /** Why the tiers dialog is open, or null when it is closed. */
  openedBy: ReadonlySignal<PaywallReason | null>;
  /** The signed-in user's relationship with the clone (owners see edit links, cannot subscribe). */
  relationshipType: ReadonlySignal<RelationshipType | null>;
  /** Opens the sign-in step or the tiers; answers what it opened ('none' when nothing applies). */
  open(reason: PaywallReason): PaywallAction;
  close(): void;
  /** A subscription changed (bought, switched, cancelled, resumed): reads the usage again. */
  membershipChanged(): void;
  /** Starts closing by itself (back within limits, signed out); returns the stop function. */
  connect(): () => void;
}

/** Creates the paywall of one clone's page. */
export function createPaywall(options: PaywallOptions): Paywall {
  const { clone, session, usage } = options;
  const resource = options.resource ?? 'messages';
  const input = computed<PaywallInput>(() => {
    const current = usage.usage.value;
    return {
      signedIn: session.user.value !== null,
      requireEmail: clone.options.requireEmail,
      usage: current,
      anonymousQuota: anonymousQuota(clone.monetization.anonymous_quota, resource),
      anonymousUserMessages: current?.anonymous ? current.usage.messages : 0,
      whitelabel: options.whitelabel ?? false,
      captureActive: options.captureActive?.value ?? false,
    };
  });
  // spec/chat.md §6 (messages) and spec/calls.md §5 (voice): the same triggers, per resource.
  const limitReached = computed(() => {
    const facts = input.value;
    const anonymousUsed =
      resource === 'messages' ? facts.anonymousUserMessages : (options.anonymousUsed?.value ?? 0);
    return paywallTriggers(resource, { ...facts, anonymousUsed }).open;
  });
  const openedBy = signal<PaywallReason | null>(null);
  const relationshipType = computed(
    () =>
      usage.usage.value?.relationship ??
      session.relationships.value.find((r) => r.cloneId === clone.id)?.type ??
      null,
  );

  function open(reason: PaywallReason): PaywallAction {
    const action = paywallAction({ ...input.peek(), requested: true });
    if (action === 'none') return action;
    options.onOpened?.();
    if (action === 'login') {
      options.login.open(
        reason !== 'limit'
          ? `Sign in to see the memberships of ${clone.name}.`
          : resource === 'messages'
            ? FREE_MESSAGES_USED
            : resource === 'video_seconds'
              ? FREE_VIDEO_MINUTES_USED
              : FREE_CALL_MINUTES_USED,
      );
    } else {
      openedBy.value = reason;
    }
    return action;
  }

  function connect(): () => void {
    // spec/chat.md §4: the paywall closes when the user is back within limits (after it saw them reached).
    let sawLimit = false;
    const stopLimitWatch = effect(() => {
      const reached = limitReached.value;
      if (openedBy.value !== 'limit') {
        sawLimit = false;
        return;
      }
      if (reached) sawLimit = true;
      else if (sawLimit) openedBy.value = null;
    });
    // Signed out while open (the 'Logged in as' link): nothing to show.
    const stopSignOutWatch = effect(() => {
      if (session.user.value === null) openedBy.value = null;
    });
    return () => {
      stopLimitWatch();
      stopSignOutWatch();
    };
  }

  return {
    resource,
    limitReached,
    openedBy,
    relationshipType,
    open,
    close: () => {
      openedBy.value = null;
    },
    membershipChanged: () => {
      void usage.refresh();
    },
    connect,
  };
}
