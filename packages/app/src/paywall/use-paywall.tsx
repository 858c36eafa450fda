/**
 * @module The paywall of a clone's pages (spec/chat.md §4, spec/calls.md §2): decides with
 * core's `paywallAction` whether a visitor is asked to sign in or a user is shown the tiers,
 * stores `paywalled=true` when it opens, closes when usage is back within limits, and answers
 * the `paywall` query (then removed from the address).
 */
import { type PaywallAction, type PaywallInput, paywallAction, shouldOpenPaywall } from '@doppel/core';
import { type CloneProfile, PAYWALLED_STORAGE_KEY, type RelationshipType } from '@doppel/protocol';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { openLogin } from '../auth/login-request';
import { session, type UsageStore } from '../session';

const PaywallDialog = lazy(() => import('./paywall-dialog'));

/** The line above the sign-in form when an anonymous visitor has used the free messages. */
export const FREE_MESSAGES_USED = "You've used your free messages. Sign in to keep chatting.";

/** Why the paywall is open: a limit was reached, or it was asked for. */
export type PaywallReason = 'limit' | 'request';

export interface Paywall {
  /** Whether a text limit is reached now (core `shouldOpenPaywall`). */
  limitReached: boolean;
  /** Opens the sign-in step or the tiers, per core `paywallAction`; answers what it opened. */
  open: (reason: PaywallReason) => PaywallAction;
  /** The signed-in user's relationship with the clone (owners see edit links, cannot subscribe). */
  relationshipType: RelationshipType | null;
  /** The tier-selection dialog, to render on the page. */
  element: ReactNode;
}

interface PaywallOptions {
  clone: CloneProfile;
  usage: UsageStore;
  /** Whitelabel embeds show no paywall to anonymous visitors. */
  whitelabel?: boolean;
  /** The embed's capture flow asks for the e-mail in the chat instead of the sign-in dialog. */
  captureActive?: boolean;
}

/** The component must track signals (`useSignals`). */
export function usePaywall({
  clone,
  usage,
  whitelabel = false,
  captureActive = false,
}: PaywallOptions): Paywall {
  const user = session.user.value;
  const current = usage.usage.value;
  const input: PaywallInput = {
    signedIn: user !== null,
    requireEmail: clone.options.requireEmail,
    usage: current,
    anonymousQuota: clone.monetization.anonymous_quota.messages,
    anonymousUserMessages: current?.anonymous ? current.usage.messages : 0,
    whitelabel,
    captureActive,
  };
  const latest = useRef(input);
  latest.current = input;
  const limitReached = shouldOpenPaywall(input);
  const [openedBy, setOpenedBy] = useState<PaywallReason | null>(null);
  const [loaded, setLoaded] = useState(false);

  const open = useCallback(
    (reason: PaywallReason): PaywallAction => {
      const action = paywallAction({ ...latest.current, requested: true });
      if (action === 'none') return action;
      try {
        localStorage.setItem(PAYWALLED_STORAGE_KEY, 'true');
      } catch {
        // Storage unavailable: the flag is a hint only.
      }
      if (action === 'login') {
        openLogin(
          reason === 'limit' ? FREE_MESSAGES_USED : `Sign in to see the memberships of ${clone.name}.`,
        );
      } else {
        setLoaded(true);
        setOpenedBy(reason);
      }
      return action;
    },
    [clone.name],
  );

  // spec/chat.md §4: the paywall closes when the user is back within limits (after it saw them reached).
  const sawLimit = useRef(false);
  useEffect(() => {
    if (openedBy !== 'limit') {
      sawLimit.current = false;
      return;
    }
    if (limitReached) sawLimit.current = true;
    else if (sawLimit.current) setOpenedBy(null);
  }, [openedBy, limitReached]);

  // Signed out while open (the 'Logged in as' link): nothing to show.
  useEffect(() => {
    if (!user) setOpenedBy(null);
  }, [user]);

  // spec/chat.md §2: `paywall` opens the paywall and is then removed from the address.
  const search = useSearch();
  const [location, navigate] = useLocation();
  const requested = new URLSearchParams(search).has('paywall');
  const sessionReady = session.status.value === 'ready';
  useEffect(() => {
    if (!requested) return;
    const params = new URLSearchParams(search);
    params.delete('paywall');
    const rest = params.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  }, [requested, search, location, navigate]);
  const pendingRequest = useRef(requested);
  if (requested) pendingRequest.current = true;
  useEffect(() => {
    if (!sessionReady || !pendingRequest.current) return;
    pendingRequest.current = false;
    open('request');
  });

  const relationshipType =
    current?.relationship ?? session.relationships.value.find((r) => r.cloneId === clone.id)?.type ?? null;

  const element =
    loaded && user ? (
      <Suspense fallback={null}>
        <PaywallDialog
          open={openedBy !== null}
          onOpenChange={(next) => {
            if (!next) setOpenedBy(null);
          }}
          clone={{
            slug: clone.slug,
            instanceSlug: clone.instance?.slug ?? null,
            name: clone.instance?.name ?? clone.name,
            imageUrl: clone.instance?.imageUrl ?? clone.imageUrl,
          }}
          email={user.email}
          relationshipType={relationshipType}
          reason={openedBy ?? 'request'}
        />
      </Suspense>
    ) : null;

  return { limitReached, open, relationshipType, element };
}
