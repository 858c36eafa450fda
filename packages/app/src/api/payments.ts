/**
 * @module Memberships and payments (spec/calls.md §4, §7; docs/http-api.md "Memberships and
 * payments"): the payments config, creating a subscription (the checkout's client secret),
 * switching, cancelling at the period end, resuming, the customer-portal links, and the user's
 * subscriptions.
 */
import {
  type BillingBasis,
  BillingLink,
  CreatedSubscription,
  MySubscription,
  MySubscriptions,
  PaymentsConfig,
} from '@doppel/protocol';
import type { ApiClient } from './api-client';

const subscription = (id: string): string => `/subscriptions/${encodeURIComponent(id)}`;

/** GET /api/payments/config: whether memberships can be bought here, and Stripe's publishable key. */
export function fetchPaymentsConfig(api: ApiClient): Promise<PaymentsConfig> {
  return api.request('/payments/config', PaymentsConfig);
}

/** GET /api/subscriptions: the signed-in user's subscriptions to every clone, newest first. */
export async function fetchMySubscriptions(api: ApiClient): Promise<MySubscription[]> {
  return (await api.request('/subscriptions', MySubscriptions)).subscriptions;
}

/** GET /api/subscriptions/:id: one subscription, read back from Stripe while it is incomplete. */
export function fetchSubscription(api: ApiClient, id: string): Promise<MySubscription> {
  return api.request(subscription(id), MySubscription);
}

/** spec/calls.md §7 createSubscription — POST /api/subscriptions: the checkout's client secret. */
export function createSubscription(
  api: ApiClient,
  request: { slug: string; membershipId: string; basis: BillingBasis; redirect_url: string },
): Promise<CreatedSubscription> {
  return api.request('/subscriptions', CreatedSubscription, { method: 'POST', body: request });
}

/** spec/calls.md §4 Switch — POST /api/subscriptions/:id/switch: another tier or period, at once. */
export function switchSubscription(
  api: ApiClient,
  id: string,
  request: { membershipId: string; basis: BillingBasis },
): Promise<MySubscription> {
  return api.request(`${subscription(id)}/switch`, MySubscription, { method: 'POST', body: request });
}

/** spec/calls.md §4 Cancel — POST /api/subscriptions/:id/cancel: ends at the period end. */
export function cancelSubscription(api: ApiClient, id: string): Promise<MySubscription> {
  return api.request(`${subscription(id)}/cancel`, MySubscription, { method: 'POST', body: {} });
}

/** spec/calls.md §7 deleteScheduledMembershipCancellation — POST /api/subscriptions/:id/resume. */
export function resumeSubscription(api: ApiClient, id: string): Promise<MySubscription> {
  return api.request(`${subscription(id)}/resume`, MySubscription, { method: 'POST', body: {} });
}

/** spec/calls.md §7 getCancelMembershipLink: Stripe's customer portal at its cancel flow. */
export async function fetchCancelLink(api: ApiClient, id: string, redirectUrl: string): Promise<string> {
  const link = await api.request(`${subscription(id)}/cancel-link`, BillingLink, {
    method: 'POST',
    body: { redirect_url: redirectUrl },
  });
  return link.url;
}

/** spec/calls.md §7 getUpdateMembershipLink: Stripe's customer portal confirming another tier. */
export async function fetchUpdateLink(
  api: ApiClient,
  id: string,
  request: { redirect_url: string; membershipId: string; basis: BillingBasis },
): Promise<string> {
  const link = await api.request(`${subscription(id)}/update-link`, BillingLink, {
    method: 'POST',
    body: request,
  });
  return link.url;
}

/** POST /api/billing/portal: the customer portal (payment methods, invoices). */
export async function fetchBillingPortalLink(api: ApiClient, redirectUrl: string): Promise<string> {
  const link = await api.request('/billing/portal', BillingLink, {
    method: 'POST',
    body: { redirect_url: redirectUrl },
  });
  return link.url;
}
