/**
 * @module The paywall on a page (spec/chat.md §2, §4): `usePaywall` makes a page's paywall model
 * (the profile page; the conversation controller makes its own), `PaywallHost` renders its tiers
 * dialog (loaded on first open) and answers the `paywall` query, then removed from the address.
 */
import { type CloneProfile, type MeteredResource, PAYWALLED_STORAGE_KEY } from '@doppel/protocol';
import type { ReadonlySignal } from '@preact/signals-core';
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { membershipsUrl } from '../routes';
import { useServices } from '../services';
import type { UsageStore } from '../session';
import { createPaywall, type Paywall } from './create-paywall';

const PaywallDialog = lazy(() => import('./paywall-dialog'));
const UpsellDialog = lazy(() => import('./upsell-dialog'));

/** An embed's paywall is the upsell: buying happens on the billing host (the main site). */
export interface UpsellTarget {
  /** The main site's origin, where the membership page is. */
  mainOrigin: string;
  /** The embed's stored token, handed to the membership page so the same user buys there. */
  token: () => string | null;
}

/** spec/chat.md §4: when the paywall opens, a local flag paywalled=true is stored (a hint only). */
export function rememberPaywalled(): void {
  try {
    localStorage.setItem(PAYWALLED_STORAGE_KEY, 'true');
  } catch {
    // Storage unavailable: the flag is a hint only.
  }
}

/**
 * The paywall model of a page that has no conversation controller (the profile page; the call
 * page, for voice seconds with the visitor's locally counted call time).
 */
export function usePaywall({
  clone,
  usage,
  resource,
  anonymousUsed,
}: {
  clone: CloneProfile;
  usage: UsageStore;
  resource?: MeteredResource;
  anonymousUsed?: ReadonlySignal<number>;
}): Paywall {
  const { session, login } = useServices();
  const paywall = useMemo(
    () =>
      createPaywall({ clone, session, usage, login, onOpened: rememberPaywalled, resource, anonymousUsed }),
    [clone, session, usage, login, resource, anonymousUsed],
  );
  useEffect(() => paywall.connect(), [paywall]);
  return paywall;
}

/** Renders `paywall`'s tiers dialog and opens it for the `paywall` query. */
export function PaywallHost({
  paywall,
  clone,
  upsell,
}: {
  paywall: Paywall;
  clone: CloneProfile;
  /** Given in an embed: the upsell dialog instead of the tiers and the checkout. */
  upsell?: UpsellTarget;
}) {
  useSignals();
  const { session } = useServices();
  const user = session.user.value;
  const openedBy = paywall.openedBy.value;
  const loaded = useRef(false);
  if (openedBy !== null) loaded.current = true;

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
    paywall.open('request');
  });

  if (!loaded.current || !user) return null;
  const learnMoreUrl = clone.monetization.learn_more_url;
  if (upsell || learnMoreUrl) {
    const instanceSlug = clone.instance?.slug ?? null;
    const path = membershipsUrl(clone.slug, instanceSlug, upsell?.token() ?? null);
    return (
      <Suspense fallback={null}>
        <UpsellDialog
          open={openedBy !== null}
          onOpenChange={(next) => {
            if (!next) paywall.close();
          }}
          clone={{
            name: clone.instance?.name ?? clone.name,
            imageUrl: clone.instance?.imageUrl ?? clone.imageUrl,
          }}
          email={user.email}
          reason={openedBy ?? 'request'}
          resource={paywall.resource}
          features={clone.features}
          accessUrl={upsell ? `${upsell.mainOrigin.replace(/\/+$/, '')}${path}` : path}
          learnMoreUrl={learnMoreUrl}
        />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={null}>
      <PaywallDialog
        open={openedBy !== null}
        onOpenChange={(next) => {
          if (!next) paywall.close();
        }}
        clone={{
          slug: clone.slug,
          instanceSlug: clone.instance?.slug ?? null,
          name: clone.instance?.name ?? clone.name,
          imageUrl: clone.instance?.imageUrl ?? clone.imageUrl,
        }}
        email={user.email}
        relationshipType={paywall.relationshipType.value}
        reason={openedBy ?? 'request'}
        resource={paywall.resource}
        paymentsEnabled={clone.features.payments}
        features={clone.features}
        onMembershipChanged={paywall.membershipChanged}
      />
    </Suspense>
  );
}
