/**
 * @module The checkout view (spec/calls.md §2, §4, §7): after tier selection created the
 * subscription, Stripe's Payment Element (Stripe.js through `@stripe/stripe-js`, loaded only
 * here) takes the card and `stripe.confirmPayment` pays the first invoice; the flow then waits
 * for Stripe to report it. 'Missing stripe public key' when no publishable key came with it.
 */
import { formatPrice, membershipPrice } from '@doppel/core';
import type { BillingBasis, Membership } from '@doppel/protocol';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ArrowLeftIcon } from '../components/icons';

/** spec/calls.md §8. */
export const MISSING_PUBLIC_KEY = 'Missing stripe public key';

export interface CheckoutViewProps {
  membership: Membership;
  basis: BillingBasis;
  publishableKey: string;
  clientSecret: string;
  /** Stripe's `return_url` when a payment method needs a redirect (cards mostly do not). */
  returnUrl: string;
  /** The payment was confirmed at Stripe: answers once the subscription gives its tier. */
  onPaid: () => Promise<boolean>;
  onBack: () => void;
}

type Phase =
  | { name: 'loading' }
  | { name: 'ready' }
  | { name: 'paying' }
  | { name: 'waiting' }
  | { name: 'failed'; message: string };

/** Colours of the Payment Element from the app's tokens (Stripe's Appearance API). */
function appearance() {
  const css = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string): string => css.getPropertyValue(name).trim() || fallback;
  return {
    theme: 'stripe' as const,
    variables: {
      colorPrimary: token('--accent', '#3d5afe'),
      colorText: token('--text', '#1c1c1a'),
      colorBackground: token('--surface', '#ffffff'),
      borderRadius: '10px',
      fontFamily: 'Inter Variable, Inter, system-ui, sans-serif',
    },
  };
}

export function CheckoutView({
  membership,
  basis,
  publishableKey,
  clientSecret,
  returnUrl,
  onPaid,
  onBack,
}: CheckoutViewProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [phase, setPhase] = useState<Phase>(
    publishableKey ? { name: 'loading' } : { name: 'failed', message: MISSING_PUBLIC_KEY },
  );
  const [fatal, setFatal] = useState(!publishableKey);
  const price = membershipPrice(membership, basis);

  useEffect(() => {
    if (!publishableKey) return;
    let live = true;
    let unmount: (() => void) | null = null;
    loadStripe(publishableKey).then(
      (stripe) => {
        if (!live || !mountRef.current) return;
        if (!stripe) throw new Error('Stripe.js is not available here.');
        const elements = stripe.elements({ clientSecret, appearance: appearance() });
        const payment = elements.create('payment', { layout: 'tabs' });
        payment.on('ready', () => live && setPhase({ name: 'ready' }));
        // Editing the card again takes back the last error.
        payment.on(
          'change',
          () => live && setPhase((now) => (now.name === 'failed' ? { name: 'ready' } : now)),
        );
        payment.on('loaderror', (event) => {
          if (!live) return;
          setFatal(true);
          setPhase({
            name: 'failed',
            message: event.error.message ?? 'The payment form could not be loaded.',
          });
        });
        payment.mount(mountRef.current);
        unmount = () => payment.destroy();
        stripeRef.current = { stripe, elements };
      },
      (error: unknown) => {
        if (!live) return;
        setFatal(true);
        setPhase({
          name: 'failed',
          message: error instanceof Error ? error.message : 'Stripe.js could not be loaded.',
        });
      },
    );
    return () => {
      live = false;
      unmount?.();
      stripeRef.current = null;
    };
  }, [publishableKey, clientSecret]);

  async function pay(event: FormEvent) {
    event.preventDefault();
    const loaded = stripeRef.current;
    if (!loaded || phase.name === 'paying' || phase.name === 'waiting') return;
    setPhase({ name: 'paying' });
    const result = await loaded.stripe.confirmPayment({
      elements: loaded.elements,
      confirmParams: { return_url: returnUrl },
      redirect: 'if_required',
    });
    if (result.error) {
      setPhase({ name: 'failed', message: result.error.message ?? 'The payment failed.' });
      return;
    }
    setPhase({ name: 'waiting' });
    const done = await onPaid();
    if (!done) setPhase({ name: 'ready' });
  }

  const working = phase.name === 'paying' || phase.name === 'waiting';
  return (
    <form className="checkout" onSubmit={pay} aria-busy={phase.name === 'loading' || working}>
      <div className="checkout-summary">
        <button
          type="button"
          className="icon-btn checkout-back"
          onClick={onBack}
          disabled={working}
          aria-label="Back to the memberships"
        >
          <ArrowLeftIcon />
        </button>
        <div>
          <p className="checkout-plan">
            {membership.name} · {basis === 'monthly' ? 'Monthly' : 'Yearly'}
          </p>
          {price !== null && <p className="checkout-price">{formatPrice(price, basis)}</p>}
        </div>
      </div>
      {phase.name === 'loading' && (
        <div className="checkout-skeleton" aria-hidden="true">
          <span className="skeleton" style={{ height: 44 }} />
          <span className="skeleton" style={{ height: 44 }} />
        </div>
      )}
      <div ref={mountRef} className="checkout-element" hidden={fatal} />
      {phase.name === 'failed' && (
        <p className="checkout-error" role="alert">
          {phase.message}
        </p>
      )}
      {!fatal && (
        <button
          type="submit"
          className="btn btn-primary checkout-pay"
          disabled={phase.name === 'loading' || working}
        >
          {phase.name === 'paying'
            ? 'Paying…'
            : phase.name === 'waiting'
              ? 'Confirming…'
              : price !== null
                ? `Pay ${formatPrice(price, basis).replace(' per ', ' / ')}`
                : 'Pay'}
        </button>
      )}
      <p className="checkout-note">
        Payments are processed securely by Stripe. Renews every {basis === 'monthly' ? 'month' : 'year'} until
        you cancel.
      </p>
    </form>
  );
}
