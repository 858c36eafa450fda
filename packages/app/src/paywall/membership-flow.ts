/**
 * @module Buying and managing a membership, framework-neutral (spec/calls.md §4, §7, §8): the
 * tiers and the active subscription, then — by the card's button — the checkout of a new
 * subscription (Stripe's Payment Element mounts the client secret), a confirmed switch, a
 * confirmed cancellation at the period end, or a resume. The paywall dialog and the membership
 * page are views of it.
 */
import { formatPrice, membershipPrice, type SubscribeButtonState } from '@doppel/core';
import type { BillingBasis, Membership, MySubscription, SubscriptionData } from '@doppel/protocol';
import { batch, type ReadonlySignal, signal } from '@preact/signals-core';
import {
  type ApiClient,
  cancelSubscription,
  createSubscription,
  errorMessage,
  fetchMemberships,
  fetchSubscription,
  resumeSubscription,
  switchSubscription,
} from '../api';

/** spec/calls.md §8. */
export const CREATE_FAILED = 'Failed to create subscription';
export const RESUMED = 'Resumed subscription!';
export const NO_ACTIVE_SUBSCRIPTION = 'No active subscription';

export type MembershipLoad =
  | { status: 'loading' }
  | { status: 'ready'; data: SubscriptionData }
  | { status: 'error'; error: string };

/** What the view shows: the tiers, the checkout of a created subscription, or a confirmation. */
export type MembershipStep =
  | { name: 'tiers' }
  | {
      name: 'checkout';
      membership: Membership;
      basis: BillingBasis;
      subscriptionId: string;
      clientSecret: string;
      publishableKey: string;
    }
  | { name: 'confirm-switch'; membership: Membership; basis: BillingBasis }
  | { name: 'confirm-cancel'; membership: Membership; basis: BillingBasis; periodEnd: string | null };

/** What the view tells the visitor after an action: a toast's text (the view shows it). */
export interface MembershipNotice {
  kind: 'success' | 'error' | 'loading';
  message: string;
  description?: string;
}

export interface MembershipFlowOptions {
  api: ApiClient;
  slug: string;
  instanceSlug: string | null;
  /** Where Stripe.js returns after a payment that needed a redirect (the page the flow is on). */
  returnUrl: () => string;
  /** Told after a subscription changed (the page refreshes its usage: the quota follows at once). */
  onChanged?: () => void;
  /** Shows a notice (sonner's toast in the app); answers an id that a later notice replaces. */
  notify?: (notice: MembershipNotice, replaces?: string | number) => string | number;
  /** Waits between reads of a paid subscription (tests pass a fast one). */
  sleep?: (ms: number) => Promise<void>;
}

/** How long the checkout waits for Stripe to report the subscription paid, in reads 500 ms apart. */
const PAID_READS = 20;

export interface MembershipFlow {
  load: ReadonlySignal<MembershipLoad>;
  step: ReadonlySignal<MembershipStep>;
  /** The membership id whose action is under way (its button shows it), or null. */
  busy: ReadonlySignal<string | null>;
  /** (Re)loads the tiers and the active subscription. */
  reload(): Promise<void>;
  /** The card's button was pressed (its state is core's `subscribeButtonState`). */
  act(membership: Membership, basis: BillingBasis, state: SubscribeButtonState): Promise<void>;
  /** Confirms the switch or the cancellation the view shows. */
  confirm(): Promise<void>;
  /** The Payment Element confirmed the payment: waits until Stripe reports it, then refreshes. */
  paid(): Promise<boolean>;
  /** Back to the tiers. */
  back(): void;
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates the flow of one clone's (or instance's) memberships. */
export function createMembershipFlow(options: MembershipFlowOptions): MembershipFlow {
  const { api } = options;
  const sleep = options.sleep ?? wait;
  const notify = options.notify ?? (() => 0);
  const load = signal<MembershipLoad>({ status: 'loading' });
  const step = signal<MembershipStep>({ name: 'tiers' });
  const busy = signal<string | null>(null);
  let generation = 0;

  async function reload(): Promise<void> {
    const token = ++generation;
    if (load.peek().status !== 'ready') load.value = { status: 'loading' };
    try {
      const data = await fetchMemberships(api, options.slug, options.instanceSlug);
      if (token === generation) load.value = { status: 'ready', data };
    } catch (error) {
      if (token === generation) load.value = { status: 'error', error: errorMessage(error) };
    }
  }

  function activeId(): string | null {
    const current = load.peek();
    return current.status === 'ready' ? (current.data.active_subscription?.id ?? null) : null;
  }

  async function changed(): Promise<void> {
    options.onChanged?.();
    await reload();
  }

  /** Runs one action with its button busy; a failure is told with the server's reason. */
  async function run(membershipId: string, failure: string, action: () => Promise<void>): Promise<void> {
    if (busy.peek() !== null) return;
    busy.value = membershipId;
    try {
      await action();
    } catch (error) {
      notify({ kind: 'error', message: failure, description: errorMessage(error) });
    } finally {
      busy.value = null;
    }
  }

  async function subscribe(membership: Membership, basis: BillingBasis): Promise<void> {
    await run(membership.id, CREATE_FAILED, async () => {
      const created = await createSubscription(api, {
        slug: options.slug,
        membershipId: membership.id,
        basis,
        redirect_url: options.returnUrl(),
      });
      if (created.client_secret === null) {
        // A tier priced 0 (Select): nothing to pay, the subscription is already active.
        notify({ kind: 'success', message: `You're on ${membership.name}` });
        await changed();
        return;
      }
      step.value = {
        name: 'checkout',
        membership,
        basis,
        subscriptionId: created.subscription.id,
        clientSecret: created.client_secret,
        publishableKey: created.publishableKey,
      };
    });
  }

  async function act(
    membership: Membership,
    basis: BillingBasis,
    state: SubscribeButtonState,
  ): Promise<void> {
    switch (state) {
      case 'subscribe':
      case 'select':
        return subscribe(membership, basis);
      case 'switch':
        if (!activeId()) {
          notify({ kind: 'error', message: NO_ACTIVE_SUBSCRIPTION });
          return;
        }
        step.value = { name: 'confirm-switch', membership, basis };
        return;
      case 'cancel': {
        if (!activeId()) {
          notify({ kind: 'error', message: NO_ACTIVE_SUBSCRIPTION });
          return;
        }
        step.value = { name: 'confirm-cancel', membership, basis, periodEnd: null };
        // The date the tier ends, for the confirmation's sentence.
        const id = activeId();
        if (id) {
          fetchSubscription(api, id).then(
            (subscription) => {
              const current = step.peek();
              if (current.name === 'confirm-cancel' && current.membership.id === membership.id) {
                step.value = { ...current, periodEnd: subscription.currentPeriodEnd };
              }
            },
            () => {},
          );
        }
        return;
      }
      case 'resume': {
        const id = activeId();
        if (!id) {
          notify({ kind: 'error', message: NO_ACTIVE_SUBSCRIPTION });
          return;
        }
        await run(membership.id, 'Failed to resume subscription', async () => {
          // spec/calls.md §8: 'Loading...' then 'Resumed subscription!'.
          const toast = notify({ kind: 'loading', message: 'Loading...' });
          try {
            await resumeSubscription(api, id);
          } catch (error) {
            notify(
              { kind: 'error', message: 'Failed to resume subscription', description: errorMessage(error) },
              toast,
            );
            return;
          }
          notify({ kind: 'success', message: RESUMED }, toast);
          await changed();
        });
        return;
      }
      default:
        return;
    }
  }

  async function confirm(): Promise<void> {
    const current = step.peek();
    const id = activeId();
    if (current.name !== 'confirm-switch' && current.name !== 'confirm-cancel') return;
    if (!id) {
      notify({ kind: 'error', message: NO_ACTIVE_SUBSCRIPTION });
      return;
    }
    if (current.name === 'confirm-switch') {
      await run(current.membership.id, 'Failed to switch subscription', async () => {
        await switchSubscription(api, id, { membershipId: current.membership.id, basis: current.basis });
        notify({
          kind: 'success',
          message: `Switched to ${current.membership.name} (${current.basis === 'monthly' ? 'monthly' : 'yearly'})`,
        });
        step.value = { name: 'tiers' };
        await changed();
      });
    } else {
      await run(current.membership.id, 'Failed to cancel subscription', async () => {
        const subscription: MySubscription = await cancelSubscription(api, id);
        notify({
          kind: 'success',
          message: 'Cancellation scheduled',
          description: subscription.currentPeriodEnd
            ? `${current.membership.name} stays yours until ${formatDay(subscription.currentPeriodEnd)}.`
            : `${current.membership.name} ends at the end of the paid period.`,
        });
        step.value = { name: 'tiers' };
        await changed();
      });
    }
  }

  async function paid(): Promise<boolean> {
    const current = step.peek();
    if (current.name !== 'checkout') return false;
    // Stripe reports the payment to the server (its webhook, or the read-back of GET
    // /api/subscriptions/:id while it is incomplete): the tier applies once it says so.
    for (let read = 0; read < PAID_READS; read += 1) {
      try {
        const subscription = await fetchSubscription(api, current.subscriptionId);
        if (subscription.entitled) {
          batch(() => {
            step.value = { name: 'tiers' };
          });
          notify({
            kind: 'success',
            message: `Welcome to ${current.membership.name}!`,
            description: `${priceLine(current.membership, current.basis)} · your new limits apply now.`,
          });
          await changed();
          return true;
        }
      } catch {
        // A passing failure: read again.
      }
      await sleep(500);
    }
    notify({
      kind: 'error',
      message: 'The payment is still being processed',
      description: 'Your membership starts as soon as Stripe confirms it.',
    });
    return false;
  }

  return {
    load,
    step,
    busy,
    reload,
    act,
    confirm,
    paid,
    back: () => {
      step.value = { name: 'tiers' };
    },
  };
}

/** '$8 per month' style price of a tier for a period, or '' without one. */
function priceLine(membership: Membership, basis: BillingBasis): string {
  const price = membershipPrice(membership, basis);
  return price == null ? '' : formatPrice(price, basis);
}

/** 'March 3, 2027' */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
