/**
 * @module A local server answering as Stripe's API does for every call this deployment makes
 * (customers, products, prices by lookup key, billing meters and meter events, subscriptions
 * create / retrieve / update, customer-portal sessions) and for the one call Stripe.js makes in
 * the checkout (confirming the invoice's PaymentIntent with the publishable key). Bodies are
 * form-encoded as the library sends them and checked: Bearer key, unknown and missing
 * parameters, bad values and missing resources get Stripe's error bodies. Every change emits
 * the event Stripe would, delivered to `webhookUrl` signed with the library's own
 * `generateTestHeaderString`. Used by the server tests, the e2e and `scripts/local-stripe.mjs`.
 */
import { createServer } from 'node:http';
import qs from 'qs';
import Stripe from 'stripe';
import { listenLocally, readRequestText } from '../local-double';
import {
  type LocalInvoice,
  type LocalItem,
  type LocalPaymentIntent,
  type LocalPrice,
  type LocalSubscription,
  list,
  type Metadata,
  periodEnd,
  stripeError,
  stripeId,
  unix,
} from './local-stripe-objects';

export interface LocalStripeOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where events are POSTed (the server's /api/webhooks/stripe); null: kept in `events` only. */
  webhookUrl?: string | null;
  /** The double's clock (Stripe's `created` and periods). */
  now?: () => Date;
  /** A fixed port (the e2e's); default: any free one. */
  port?: number;
}

export interface LocalStripeEvent {
  id: string;
  type: string;
  payload: string;
}

export interface LocalStripe {
  /** The base URL to give as STRIPE_API_BASE. */
  url: string;
  customers: Map<string, { id: string; email: string | null; metadata: Metadata }>;
  products: Map<string, { id: string; name: string; metadata: Metadata; active: boolean }>;
  prices: Map<string, LocalPrice>;
  meters: Map<string, { id: string; event_name: string; display_name: string }>;
  meterEvents: { event_name: string; identifier: string; payload: Record<string, string> }[];
  subscriptions: Map<string, LocalSubscription>;
  portalSessions: { customer: string; return_url: string | null; flow: string | null }[];
  /** Every event emitted, in order. */
  events: LocalStripeEvent[];
  /** Requests refused, as `status message`. */
  refused: string[];
  /** Pays the subscription's open invoice, as a confirmed card payment in the checkout would. */
  pay(subscriptionId: string): Promise<void>;
  /** Ends the subscription now (as the period's end with a scheduled cancellation, or dunning giving up). */
  endSubscription(subscriptionId: string): Promise<void>;
  /** Sends one event (again) to `webhookUrl`; answers the HTTP status. */
  deliver(event: LocalStripeEvent): Promise<number>;
  close(): Promise<void>;
}

class StripeRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ReturnType<typeof stripeError>,
  ) {
    super(body.error.message);
  }
}
const invalid = (message: string, param?: string, status = 400, code?: string) =>
  new StripeRequestError(status, stripeError('invalid_request_error', message, { param, code }));
const missing = (kind: string, id: string, param = 'id') =>
  invalid(`No such ${kind}: '${id}'`, param, 404, 'resource_missing');

type Params = Record<string, unknown>;

/** Refuses parameters Stripe does not take on this call, and missing required ones. */
function check(params: Params, allowed: string[], required: string[] = []) {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) throw invalid(`Received unknown parameter: ${key}`, key);
  }
  for (const key of required) {
    if (params[key] === undefined || params[key] === '')
      throw invalid(`Missing required param: ${key}.`, key);
  }
}
const str = (value: unknown, param: string): string => {
  if (typeof value !== 'string') throw invalid(`Invalid string: ${JSON.stringify(value)}`, param);
  return value;
};
const bool = (value: unknown, param: string): boolean => {
  if (value !== 'true' && value !== 'false') throw invalid(`Invalid boolean: ${String(value)}`, param);
  return value === 'true';
};
const array = (value: unknown, param: string): unknown[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalid(`Invalid array`, param);
  return value;
};
const record = (value: unknown, param: string): Params => {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid(`Invalid object`, param);
  return value as Params;
};
const metadataOf = (value: unknown): Metadata => {
  const out: Metadata = {};
  for (const [key, v] of Object.entries(record(value, 'metadata'))) out[key] = str(v, `metadata[${key}]`);
  return out;
};

export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const now = () => unix(options.now?.() ?? new Date());
  const customers: LocalStripe['customers'] = new Map();
  const products: LocalStripe['products'] = new Map();
  const prices: LocalStripe['prices'] = new Map();
  const meters: LocalStripe['meters'] = new Map();
  const meterEvents: LocalStripe['meterEvents'] = [];
  const subscriptions: LocalStripe['subscriptions'] = new Map();
  const invoices = new Map<string, LocalInvoice>();
  const intents = new Map<string, LocalPaymentIntent>();
  const portalSessions: LocalStripe['portalSessions'] = [];
  const events: LocalStripeEvent[] = [];
  const refused: string[] = [];
  const meterIdentifiers = new Set<string>();

  const deliver = async (event: LocalStripeEvent): Promise<number> => {
    if (!options.webhookUrl) return 0;
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: options.webhookSecret,
    });
    const res = await fetch(options.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      body: event.payload,
    });
    await res.arrayBuffer();
    return res.status;
  };
  const emit = async (type: string, object: unknown, previous?: Record<string, unknown>) => {
    const event = {
      id: stripeId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object, ...(previous && { previous_attributes: previous }) },
      livemode: false,
      pending_webhooks: options.webhookUrl ? 1 : 0,
      request: { id: stripeId('req'), idempotency_key: null },
      type,
    };
    const stored = { id: event.id, type, payload: JSON.stringify(event, null, 2) };
    events.push(stored);
    await deliver(stored).catch(() => 0);
  };

  const priceOf = (id: string, param: string) => {
    const price = prices.get(id);
    if (!price) throw missing('price', id, param);
    return price;
  };
  const subscriptionOf = (id: string) => {
    const subscription = subscriptions.get(id);
    if (!subscription) throw missing('subscription', id);
    return subscription;
  };
  const licensedTotal = (items: LocalItem[]) =>
    items.reduce(
      (sum, item) =>
        sum + (item.price.recurring.usage_type === 'licensed' ? (item.price.unit_amount ?? 0) : 0),
      0,
    );

  /** The subscription as answered, with `latest_invoice` (and its confirmation secret) expanded when asked. */
  const render = (subscription: LocalSubscription, expand: string[]) => {
    for (const path of expand) {
      if (!['latest_invoice', 'latest_invoice.confirmation_secret'].includes(path))
        throw invalid(`This property cannot be expanded (${path}).`, 'expand');
    }
    if (!expand.some((path) => path.startsWith('latest_invoice')) || !subscription.latest_invoice)
      return subscription;
    const invoice = invoices.get(subscription.latest_invoice);
    const withSecret = expand.includes('latest_invoice.confirmation_secret');
    return {
      ...subscription,
      latest_invoice: {
        ...invoice,
        confirmation_secret: withSecret ? invoice?.confirmation_secret : undefined,
      },
    };
  };

  /** The first invoice of a new subscription: open with a PaymentIntent, or paid when nothing is due. */
  const openInvoice = (subscription: LocalSubscription, reason: LocalInvoice['billing_reason']) => {
    const amount = licensedTotal(subscription.items.data);
    const invoice: LocalInvoice = {
      id: stripeId('in'),
      object: 'invoice',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      billing_reason: reason,
      created: now(),
      currency: 'usd',
      customer: subscription.customer,
      livemode: false,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
      },
      status: amount === 0 ? 'paid' : 'open',
      confirmation_secret: null,
    };
    if (amount > 0) {
      const intentId = stripeId('pi');
      const intent: LocalPaymentIntent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        client_secret: `${intentId}_secret_${stripeId('s').slice(2)}`,
        currency: 'usd',
        customer: subscription.customer,
        livemode: false,
        status: 'requires_payment_method',
        invoice: invoice.id,
      };
      intents.set(intentId, intent);
      invoice.confirmation_secret = { client_secret: intent.client_secret, type: 'payment_intent' };
    }
    invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  };

  const itemsFrom = (raw: unknown, subscriptionId: string, start: number): LocalItem[] =>
    array(raw, 'items').map((entry, i) => {
      const item = record(entry, `items[${i}]`);
      check(item, ['price', 'quantity', 'metadata'], ['price']);
      const price = priceOf(str(item.price, `items[${i}][price]`), `items[${i}][price]`);
      if (!price.active) throw invalid(`The price specified is inactive.`, `items[${i}][price]`);
      return {
        id: stripeId('si'),
        object: 'subscription_item',
        created: start,
        current_period_start: start,
        current_period_end: periodEnd(start, price.recurring.interval),
        metadata: metadataOf(item.metadata),
        price,
        ...(price.recurring.usage_type === 'licensed' && { quantity: 1 }),
        subscription: subscriptionId,
      };
    });

  const pay = async (subscriptionId: string) => {
    const subscription = subscriptionOf(subscriptionId);
    const invoice = subscription.latest_invoice ? invoices.get(subscription.latest_invoice) : undefined;
    if (!invoice || invoice.status === 'paid') throw new Error(`nothing to pay on ${subscriptionId}`);
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    for (const intent of intents.values()) if (intent.invoice === invoice.id) intent.status = 'succeeded';
    await emit('invoice.paid', { ...invoice, confirmation_secret: undefined });
    if (subscription.status === 'incomplete' || subscription.status === 'past_due') {
      const previous = subscription.status;
      subscription.status = 'active';
      await emit('customer.subscription.updated', subscription, { status: previous });
    }
  };

  const handle = async (method: string, path: string, params: Params, auth: string | undefined) => {
    const isConfirm = /^\/v1\/payment_intents\/[^/]+\/confirm$/.test(path);
    const expectedKey = isConfirm ? options.publishableKey : options.secretKey;
    // The library sends Bearer; Stripe takes HTTP Basic with the key as user too (curl -u sk_…:).
    if (
      auth !== `Bearer ${expectedKey}` &&
      auth !== `Basic ${Buffer.from(`${expectedKey}:`).toString('base64')}`
    )
      throw new StripeRequestError(
        401,
        stripeError('invalid_request_error', `Invalid API Key provided: ${(auth ?? '').slice(7, 15)}***`),
      );
    const expand = array(params.expand, 'expand').map((e, i) => str(e, `expand[${i}]`));
    const id = decodeURIComponent(path.split('/')[3] ?? '');
    switch (true) {
      case method === 'POST' && path === '/v1/customers': {
        check(params, ['email', 'name', 'metadata', 'expand']);
        const customer = {
          id: stripeId('cus'),
          email: params.email === undefined ? null : str(params.email, 'email'),
          metadata: metadataOf(params.metadata),
        };
        customers.set(customer.id, customer);
        return {
          id: customer.id,
          object: 'customer',
          created: now(),
          email: customer.email,
          livemode: false,
          metadata: customer.metadata,
          name: params.name ?? null,
        };
      }
      case method === 'GET' && path.startsWith('/v1/products/'): {
        check(params, ['expand']);
        const product = products.get(id);
        if (!product) throw missing('product', id);
        return { ...product, object: 'product', created: now(), livemode: false, type: 'service' };
      }
      case method === 'POST' && path === '/v1/products': {
        check(params, ['id', 'name', 'description', 'metadata', 'active', 'expand'], ['name']);
        const productId = params.id === undefined ? stripeId('prod') : str(params.id, 'id');
        if (products.has(productId))
          throw invalid(`Product already exists.`, 'id', 400, 'resource_already_exists');
        const product = {
          id: productId,
          name: str(params.name, 'name'),
          metadata: metadataOf(params.metadata),
          active: true,
        };
        products.set(productId, product);
        return { ...product, object: 'product', created: now(), livemode: false, type: 'service' };
      }
      case method === 'POST' && path.startsWith('/v1/products/'): {
        check(params, ['name', 'description', 'metadata', 'active']);
        const product = products.get(id);
        if (!product) throw missing('product', id);
        if (params.name !== undefined) product.name = str(params.name, 'name');
        if (params.metadata !== undefined)
          product.metadata = { ...product.metadata, ...metadataOf(params.metadata) };
        return { ...product, object: 'product', created: now(), livemode: false, type: 'service' };
      }
      case method === 'GET' && path === '/v1/prices': {
        check(params, ['lookup_keys', 'active', 'product', 'limit', 'expand']);
        const keys = array(params.lookup_keys, 'lookup_keys').map((k, i) => str(k, `lookup_keys[${i}]`));
        const active = params.active === undefined ? null : bool(params.active, 'active');
        const found = [...prices.values()].filter(
          (p) =>
            (keys.length === 0 || (p.lookup_key !== null && keys.includes(p.lookup_key))) &&
            (active === null || p.active === active) &&
            (params.product === undefined || p.product === params.product),
        );
        return list(found, '/v1/prices');
      }
      case method === 'POST' && path === '/v1/prices': {
        check(
          params,
          [
            'currency',
            'product',
            'unit_amount',
            'unit_amount_decimal',
            'recurring',
            'lookup_key',
            'transfer_lookup_key',
            'metadata',
            'nickname',
            'expand',
          ],
          ['currency', 'product'],
        );
        if (str(params.currency, 'currency') !== 'usd') throw invalid('Invalid currency', 'currency');
        const product = str(params.product, 'product');
        if (!products.has(product)) throw missing('product', product, 'product');
        const recurring = record(params.recurring, 'recurring');
        check(recurring, ['interval', 'usage_type', 'meter', 'interval_count'], ['interval']);
        const interval = str(recurring.interval, 'recurring[interval]');
        if (interval !== 'month' && interval !== 'year')
          throw invalid('Invalid recurring[interval]', 'recurring[interval]');
        const usage =
          recurring.usage_type === undefined
            ? 'licensed'
            : str(recurring.usage_type, 'recurring[usage_type]');
        if (usage !== 'licensed' && usage !== 'metered')
          throw invalid('Invalid recurring[usage_type]', 'recurring[usage_type]');
        const meter = recurring.meter === undefined ? null : str(recurring.meter, 'recurring[meter]');
        if (usage === 'metered' && (!meter || !meters.has(meter)))
          throw invalid('Metered prices must have a valid meter.', 'recurring[meter]');
        const decimal =
          params.unit_amount !== undefined
            ? str(params.unit_amount, 'unit_amount')
            : params.unit_amount_decimal !== undefined
              ? str(params.unit_amount_decimal, 'unit_amount_decimal')
              : null;
        if (decimal === null || !/^\d+(\.\d{1,12})?$/.test(decimal))
          throw invalid('Missing required param: unit_amount.', 'unit_amount');
        if (params.unit_amount !== undefined && !/^\d+$/.test(decimal))
          throw invalid(`Invalid integer: ${decimal}`, 'unit_amount');
        const lookupKey = params.lookup_key === undefined ? null : str(params.lookup_key, 'lookup_key');
        if (lookupKey) {
          const holder = [...prices.values()].find((p) => p.lookup_key === lookupKey);
          if (holder) {
            if (params.transfer_lookup_key !== 'true')
              throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
            holder.lookup_key = null;
          }
        }
        const price: LocalPrice = {
          id: stripeId('price'),
          object: 'price',
          active: true,
          billing_scheme: 'per_unit',
          created: now(),
          currency: 'usd',
          livemode: false,
          lookup_key: lookupKey,
          metadata: metadataOf(params.metadata),
          nickname: params.nickname === undefined ? null : str(params.nickname, 'nickname'),
          product,
          recurring: { interval, interval_count: 1, meter, usage_type: usage },
          tax_behavior: 'unspecified',
          type: 'recurring',
          unit_amount: /^\d+$/.test(decimal) ? Number(decimal) : null,
          unit_amount_decimal: decimal,
        };
        prices.set(price.id, price);
        return price;
      }
      case method === 'GET' && path === '/v1/billing/meters': {
        check(params, ['status', 'limit', 'starting_after']);
        return list([...meters.values()].map(meterObject), '/v1/billing/meters');
      }
      case method === 'POST' && path === '/v1/billing/meters': {
        check(
          params,
          [
            'display_name',
            'event_name',
            'default_aggregation',
            'customer_mapping',
            'value_settings',
            'event_time_window',
          ],
          ['display_name', 'event_name', 'default_aggregation'],
        );
        const eventName = str(params.event_name, 'event_name');
        if ([...meters.values()].some((m) => m.event_name === eventName))
          throw invalid(`An active meter with event_name \`${eventName}\` already exists.`, 'event_name');
        const aggregation = record(params.default_aggregation, 'default_aggregation');
        if (
          aggregation.formula !== 'sum' &&
          aggregation.formula !== 'count' &&
          aggregation.formula !== 'last'
        )
          throw invalid('Invalid default_aggregation[formula]', 'default_aggregation[formula]');
        const meter = {
          id: stripeId('mtr'),
          event_name: eventName,
          display_name: str(params.display_name, 'display_name'),
        };
        meters.set(meter.id, meter);
        return meterObject(meter);
      }
      case method === 'POST' && path === '/v1/billing/meter_events': {
        check(params, ['event_name', 'payload', 'identifier', 'timestamp'], ['event_name', 'payload']);
        const eventName = str(params.event_name, 'event_name');
        if (![...meters.values()].some((m) => m.event_name === eventName))
          throw invalid(`No active meter found for event_name ${eventName}`, 'event_name');
        const payload = record(params.payload, 'payload');
        const customer = str(payload.stripe_customer_id, 'payload[stripe_customer_id]');
        if (!customers.has(customer)) throw missing('customer', customer, 'payload[stripe_customer_id]');
        const value = str(payload.value, 'payload[value]');
        if (!/^\d+$/.test(value)) throw invalid('payload[value] must be a whole number', 'payload[value]');
        const identifier =
          params.identifier === undefined ? stripeId('mev') : str(params.identifier, 'identifier');
        if (meterIdentifiers.has(identifier))
          throw invalid(
            `An event already exists with identifier ${identifier}.`,
            'identifier',
            400,
            'duplicate_meter_event',
          );
        meterIdentifiers.add(identifier);
        meterEvents.push({
          event_name: eventName,
          identifier,
          payload: { stripe_customer_id: customer, value },
        });
        return {
          object: 'billing.meter_event',
          created: now(),
          event_name: eventName,
          identifier,
          livemode: false,
          payload: { stripe_customer_id: customer, value },
          timestamp: params.timestamp === undefined ? now() : Number(params.timestamp),
        };
      }
      case method === 'POST' && path === '/v1/subscriptions': {
        check(
          params,
          [
            'customer',
            'items',
            'payment_behavior',
            'payment_settings',
            'metadata',
            'expand',
            'proration_behavior',
          ],
          ['customer', 'items'],
        );
        const customer = str(params.customer, 'customer');
        if (!customers.has(customer)) throw missing('customer', customer, 'customer');
        const start = now();
        const subId = stripeId('sub');
        const items = itemsFrom(params.items, subId, start);
        if (items.length === 0) throw invalid('Missing required param: items.', 'items');
        if (new Set(items.map((i) => i.price.recurring.interval)).size > 1)
          throw invalid(
            'The price specified has a different billing interval from the other prices on this subscription.',
            'items',
          );
        const behavior =
          params.payment_behavior === undefined
            ? 'allow_incomplete'
            : str(params.payment_behavior, 'payment_behavior');
        if (behavior !== 'default_incomplete')
          throw invalid(
            'This local Stripe only takes payment_behavior=default_incomplete (there is no saved card).',
            'payment_behavior',
            402,
            'card_declined',
          );
        const subscription: LocalSubscription = {
          id: subId,
          object: 'subscription',
          billing_cycle_anchor: start,
          cancel_at: null,
          cancel_at_period_end: false,
          canceled_at: null,
          collection_method: 'charge_automatically',
          created: start,
          currency: 'usd',
          customer,
          ended_at: null,
          items: {
            object: 'list',
            data: items,
            has_more: false,
            total_count: items.length,
            url: `/v1/subscription_items?subscription=${subId}`,
          },
          latest_invoice: null,
          livemode: false,
          metadata: metadataOf(params.metadata),
          start_date: start,
          status: 'incomplete',
        };
        const invoice = openInvoice(subscription, 'subscription_create');
        if (invoice.status === 'paid') subscription.status = 'active';
        subscriptions.set(subId, subscription);
        await emit('customer.subscription.created', subscription);
        if (invoice.status === 'paid')
          await emit('invoice.paid', { ...invoice, confirmation_secret: undefined });
        return render(subscription, expand);
      }
      case method === 'GET' && path.startsWith('/v1/subscriptions/'): {
        check(params, ['expand']);
        return render(subscriptionOf(id), expand);
      }
      case method === 'POST' && path.startsWith('/v1/subscriptions/'): {
        check(params, [
          'items',
          'cancel_at_period_end',
          'proration_behavior',
          'metadata',
          'expand',
          'payment_behavior',
        ]);
        const subscription = subscriptionOf(id);
        if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired')
          throw invalid(`A canceled subscription can only update its cancellation_details and metadata.`);
        const previous: Record<string, unknown> = {};
        if (params.items !== undefined) {
          previous.items = structuredClone(subscription.items);
          const changes = array(params.items, 'items').map((entry, i) => record(entry, `items[${i}]`));
          const start = subscription.items.data[0]?.current_period_start ?? now();
          for (const [i, change] of changes.entries()) {
            check(change, ['id', 'price', 'deleted', 'quantity', 'metadata']);
            if (change.id !== undefined) {
              const item = subscription.items.data.find((x) => x.id === change.id);
              if (!item) throw missing('subscription_item', String(change.id), `items[${i}][id]`);
              if (change.deleted !== undefined && bool(change.deleted, `items[${i}][deleted]`)) {
                subscription.items.data = subscription.items.data.filter((x) => x !== item);
                continue;
              }
              if (change.price !== undefined) {
                item.price = priceOf(str(change.price, `items[${i}][price]`), `items[${i}][price]`);
                item.current_period_end = periodEnd(start, item.price.recurring.interval);
              }
            } else {
              subscription.items.data.push(...itemsFrom([change], subscription.id, start));
            }
          }
          if (new Set(subscription.items.data.map((x) => x.price.recurring.interval)).size > 1)
            throw invalid(
              'The price specified has a different billing interval from the other prices on this subscription.',
              'items',
            );
          subscription.items.total_count = subscription.items.data.length;
        }
        if (params.cancel_at_period_end !== undefined) {
          previous.cancel_at_period_end = subscription.cancel_at_period_end;
          subscription.cancel_at_period_end = bool(params.cancel_at_period_end, 'cancel_at_period_end');
          subscription.cancel_at = subscription.cancel_at_period_end
            ? (subscription.items.data[0]?.current_period_end ?? null)
            : null;
          subscription.canceled_at = subscription.cancel_at_period_end ? now() : null;
        }
        if (params.metadata !== undefined) {
          previous.metadata = subscription.metadata;
          subscription.metadata = { ...subscription.metadata, ...metadataOf(params.metadata) };
        }
        await emit('customer.subscription.updated', subscription, previous);
        return render(subscription, expand);
      }
      case method === 'POST' && path === '/v1/billing_portal/sessions': {
        check(params, ['customer', 'return_url', 'flow_data', 'configuration', 'locale'], ['customer']);
        const customer = str(params.customer, 'customer');
        if (!customers.has(customer)) throw missing('customer', customer, 'customer');
        const flow = record(params.flow_data, 'flow_data');
        const type = flow.type === undefined ? null : str(flow.type, 'flow_data[type]');
        if (type === 'subscription_cancel') {
          const target = record(flow.subscription_cancel, 'flow_data[subscription_cancel]');
          subscriptionOf(str(target.subscription, 'flow_data[subscription_cancel][subscription]'));
        } else if (type === 'subscription_update_confirm') {
          const target = record(flow.subscription_update_confirm, 'flow_data[subscription_update_confirm]');
          const sub = subscriptionOf(
            str(target.subscription, 'flow_data[subscription_update_confirm][subscription]'),
          );
          for (const [i, entry] of array(
            target.items,
            'flow_data[subscription_update_confirm][items]',
          ).entries()) {
            const item = record(entry, `items[${i}]`);
            if (!sub.items.data.some((x) => x.id === item.id))
              throw missing('subscription_item', String(item.id));
            priceOf(str(item.price, 'price'), 'price');
          }
        } else if (type !== null && type !== 'payment_method_update' && type !== 'subscription_update') {
          throw invalid('Invalid flow_data[type]', 'flow_data[type]');
        }
        const returnUrl = params.return_url === undefined ? null : str(params.return_url, 'return_url');
        portalSessions.push({ customer, return_url: returnUrl, flow: type });
        const sessionId = stripeId('bps');
        return {
          id: sessionId,
          object: 'billing_portal.session',
          configuration: stripeId('bpc'),
          created: now(),
          customer,
          flow: type ? { type } : null,
          livemode: false,
          locale: null,
          on_behalf_of: null,
          return_url: returnUrl,
          url: `${serverUrl}/p/session/test_${sessionId.slice(4)}`,
        };
      }
      case isConfirm: {
        check(params, [
          'client_secret',
          'payment_method',
          'payment_method_data',
          'return_url',
          'expand',
          'use_stripe_sdk',
          'key',
        ]);
        const intent = intents.get(path.split('/')[3] ?? '');
        if (!intent) throw missing('payment_intent', path.split('/')[3] ?? '');
        if (params.client_secret !== intent.client_secret)
          throw invalid(
            'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
            'client_secret',
          );
        const sub = [...subscriptions.values()].find((s) => s.latest_invoice === intent.invoice);
        if (sub && intent.status !== 'succeeded') await pay(sub.id);
        const { invoice: _invoice, ...answer } = intent;
        return { ...answer, status: 'succeeded' };
      }
      default:
        throw invalid(`Unrecognized request URL (${method}: ${path}).`, undefined, 404);
    }
  };

  let serverUrl = '';
  const server = createServer(async (req, res) => {
    // Stripe.js calls the API from the page (the checkout's confirm), as api.stripe.com allows.
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'authorization, content-type, stripe-version',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://local');
    const text = await readRequestText(req);
    if (
      req.method === 'POST' &&
      text &&
      !req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
    ) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(stripeError('invalid_request_error', 'Invalid request: body must be form-encoded')),
      );
      return;
    }
    const params = qs.parse(req.method === 'GET' ? url.search.slice(1) : text, {
      depth: 10,
      arrayLimit: 100,
    }) as Params;
    try {
      const answer = await handle(req.method ?? 'GET', url.pathname, params, req.headers.authorization);
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': stripeId('req') });
      res.end(JSON.stringify(answer));
    } catch (error) {
      const failure =
        error instanceof StripeRequestError
          ? error
          : new StripeRequestError(500, stripeError('api_error', String(error)));
      refused.push(`${failure.status} ${failure.message}`);
      res.writeHead(failure.status, { 'content-type': 'application/json', 'request-id': stripeId('req') });
      res.end(JSON.stringify(failure.body));
    }
  });
  const listening =
    options.port === undefined
      ? await listenLocally(server)
      : await new Promise<{ url: string; close: () => Promise<void> }>((resolve) =>
          server.listen(options.port, '127.0.0.1', () =>
            resolve({
              url: `http://127.0.0.1:${options.port}`,
              close: () => new Promise((done) => server.close(() => done())),
            }),
          ),
        );
  serverUrl = listening.url;
  return {
    url: listening.url,
    customers,
    products,
    prices,
    meters,
    meterEvents,
    subscriptions,
    portalSessions,
    events,
    refused,
    pay,
    async endSubscription(subscriptionId) {
      const subscription = subscriptionOf(subscriptionId);
      subscription.status = 'canceled';
      subscription.ended_at = now();
      await emit('customer.subscription.deleted', subscription);
    },
    deliver,
    close: listening.close,
  };
}

function meterObject(meter: { id: string; event_name: string; display_name: string }) {
  return {
    ...meter,
    object: 'billing.meter',
    created: 0,
    customer_mapping: { event_payload_key: 'stripe_customer_id', type: 'by_id' },
    default_aggregation: { formula: 'sum' },
    livemode: false,
    status: 'active',
    value_settings: { event_payload_key: 'value' },
  };
}
