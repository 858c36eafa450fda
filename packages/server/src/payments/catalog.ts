/**
 * @module The memberships' catalog at Stripe (issue 13): a product per tier, a recurring price
 * per tier and period (found again by its lookup key, which holds the amount, so a new price in
 * clone.json makes a new price), and, for a tier with overage billing, a billing meter per
 * metered resource and a metered price per resource and period. `syncCatalog` (the CLI's
 * `payments sync`) makes what is missing and nothing twice; `tierPrices` finds them for a
 * checkout.
 */

import { membershipPrice } from '@doppel/core';
import type { BillingBasis, Membership, MeteredResource } from '@doppel/protocol';
import Stripe from 'stripe';

export const METERED_RESOURCES: readonly MeteredResource[] = ['messages', 'voice_seconds', 'video_seconds'];

/** The meter's event name for a resource (one meter per resource for the whole deployment). */
export const meterEventName = (resource: MeteredResource) => `doppel_${resource}`;

/** What every Doppel price carries, so a subscription's tier can be read back from its items. */
export interface PriceMetadata {
  doppel_clone_id: string;
  doppel_membership_id: string;
  doppel_basis: BillingBasis;
  /** 'base', or the metered resource of an overage price. */
  doppel_kind: 'base' | MeteredResource;
}

/** One price a tier needs at Stripe. */
export interface WantedPrice {
  lookupKey: string;
  basis: BillingBasis;
  kind: PriceMetadata['doppel_kind'];
  /** Cents, possibly fractional for metered units (Stripe's `unit_amount_decimal`). */
  unitAmountDecimal: string;
}

const INTERVAL: Record<BillingBasis, 'month' | 'year'> = { monthly: 'month', yearly: 'year' };

/** Stripe's product id for a tier: stable, so creating it twice is refused instead of doubled. */
export function productId(cloneId: string, membershipId: string): string {
  return `doppel_${cloneId.replace(/-/g, '')}_${membershipId.replace(/[^A-Za-z0-9_-]/g, '-')}`.slice(0, 120);
}

/** Cents as Stripe's decimal string (at most 12 decimals, no trailing zeros). */
function cents(dollars: number): string {
  return String(Number((dollars * 100).toFixed(10)));
}

/** The overage price of a resource, in cents per metered unit (a message, a second). */
function overageCents(overage: NonNullable<Membership['overage']>, resource: MeteredResource): string {
  if (resource === 'messages') return cents(overage.perMessage);
  const perMinute = resource === 'voice_seconds' ? overage.perVoiceMinute : overage.perVideoMinute;
  return String(Number(((perMinute * 100) / 60).toFixed(12)));
}

/** The prices `membership` needs for `basis`: none when the tier has no price for it (spec §9). */
export function wantedPrices(cloneId: string, membership: Membership, basis: BillingBasis): WantedPrice[] {
  const price = membershipPrice(membership, basis);
  // spec/calls.md §9: a yearly plan needs annualPrice above 0.
  if (price === null || (basis === 'yearly' && price <= 0)) return [];
  const base = cents(price);
  const key = `doppel:${cloneId}:${membership.id}:${basis}`;
  const wanted: WantedPrice[] = [
    { lookupKey: `${key}:${base}`, basis, kind: 'base', unitAmountDecimal: base },
  ];
  if (membership.overage) {
    for (const resource of METERED_RESOURCES) {
      const amount = overageCents(membership.overage, resource);
      wanted.push({
        lookupKey: `${key}:overage:${resource}:${amount}`,
        basis,
        kind: resource,
        unitAmountDecimal: amount,
      });
    }
  }
  return wanted;
}

/** The tier's prices at Stripe for `basis`, base first; null when any is missing (not synced). */
export async function tierPrices(
  stripe: Stripe,
  cloneId: string,
  membership: Membership,
  basis: BillingBasis,
): Promise<Stripe.Price[] | null> {
  const wanted = wantedPrices(cloneId, membership, basis);
  if (wanted.length === 0) return null;
  const found = await stripe.prices.list({
    lookup_keys: wanted.map((w) => w.lookupKey),
    active: true,
    limit: 100,
  });
  const prices = wanted.map((w) => found.data.find((p) => p.lookup_key === w.lookupKey));
  return prices.every((p) => p !== undefined) ? prices : null;
}

/** The active meters by event name, made when missing. */
async function ensureMeters(stripe: Stripe): Promise<Map<MeteredResource, string>> {
  const existing = await stripe.billing.meters.list({ status: 'active', limit: 100 });
  const ids = new Map<MeteredResource, string>();
  for (const resource of METERED_RESOURCES) {
    const name = meterEventName(resource);
    const meter =
      existing.data.find((m) => m.event_name === name) ??
      (await stripe.billing.meters.create({
        display_name: `Doppel ${resource.replace('_', ' ')} past the quota`,
        event_name: name,
        default_aggregation: { formula: 'sum' },
        customer_mapping: { type: 'by_id', event_payload_key: 'stripe_customer_id' },
        value_settings: { event_payload_key: 'value' },
      }));
    ids.set(resource, meter.id);
  }
  return ids;
}

async function ensureProduct(stripe: Stripe, id: string, name: string, metadata: Record<string, string>) {
  try {
    const product = await stripe.products.retrieve(id);
    if (product.name !== name) await stripe.products.update(id, { name });
    return false;
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.code !== 'resource_missing')
      throw error;
    await stripe.products.create({ id, name, metadata });
    return true;
  }
}

/** What a sync made. */
export interface SyncSummary {
  products: number;
  prices: number;
  meters: boolean;
}

/** Makes the clone's products, prices (and meters for overage) that Stripe does not have yet. */
export async function syncCatalog(
  stripe: Stripe,
  clone: { id: string; name: string; memberships: readonly Membership[] },
): Promise<SyncSummary> {
  const summary: SyncSummary = { products: 0, prices: 0, meters: false };
  const meters = clone.memberships.some((m) => m.overage) ? await ensureMeters(stripe) : null;
  summary.meters = meters !== null;
  for (const membership of clone.memberships) {
    const product = productId(clone.id, membership.id);
    const wanted = (['monthly', 'yearly'] as const).flatMap((basis) =>
      wantedPrices(clone.id, membership, basis),
    );
    if (wanted.length === 0) continue;
    if (
      await ensureProduct(stripe, product, `${clone.name}: ${membership.name}`, {
        doppel_clone_id: clone.id,
        doppel_membership_id: membership.id,
      })
    )
      summary.products += 1;
    const found = await stripe.prices.list({
      lookup_keys: wanted.map((w) => w.lookupKey),
      active: true,
      limit: 100,
    });
    for (const w of wanted) {
      if (found.data.some((p) => p.lookup_key === w.lookupKey)) continue;
      const metadata: PriceMetadata = {
        doppel_clone_id: clone.id,
        doppel_membership_id: membership.id,
        doppel_basis: w.basis,
        doppel_kind: w.kind,
      };
      const meter = w.kind === 'base' ? null : meters?.get(w.kind);
      await stripe.prices.create({
        currency: 'usd',
        product,
        unit_amount_decimal: Stripe.Decimal.from(w.unitAmountDecimal),
        recurring: {
          interval: INTERVAL[w.basis],
          ...(meter && { usage_type: 'metered', meter }),
        },
        lookup_key: w.lookupKey,
        transfer_lookup_key: true,
        metadata: { ...metadata },
      });
      summary.prices += 1;
    }
  }
  return summary;
}
