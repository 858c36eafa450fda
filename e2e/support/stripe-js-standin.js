/*
 * A local stand-in for Stripe.js (https://js.stripe.com/<release>/stripe.js) for the browser tests:
 * the same global `Stripe(publishableKey)` that `@stripe/stripe-js`'s `loadStripe` resolves, with
 * the part of its client interface the checkout uses — `elements({ clientSecret })`,
 * `elements.create('payment')`, `element.mount()`, `element.on('ready' | 'change' | 'loaderror')`,
 * `elements.submit()` and `confirmPayment({ elements, confirmParams, redirect })` — speaking
 * Stripe's HTTP API: the PaymentIntent is confirmed with the publishable key, its client secret
 * and the card the visitor typed (POST https://api.stripe.com/v1/payment_intents/:id/confirm,
 * form-encoded, `payment_method_data[card][…]`). The tests route https://api.stripe.com to the
 * local Stripe API of the server's tests (providers/stripe/local-stripe.ts), which checks the key,
 * the client secret and every parameter, pays the invoice and sends Stripe's webhooks to the
 * server. Nothing here decides that a payment succeeded.
 */
(() => {
  const API = 'https://api.stripe.com/v1';

  /** Form-encodes nested parameters the way Stripe's API reads them (a[b][c]=v). */
  function encode(params, prefix, out) {
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined || value === null) continue;
      const name = prefix ? `${prefix}[${key}]` : key;
      if (typeof value === 'object') encode(value, name, out);
      else out.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
    }
    return out;
  }

  async function call(method, path, params, key) {
    const body = encode(params, '', []).join('&');
    const headers = { Authorization: `Bearer ${key}` };
    if (method !== 'GET') headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(method === 'GET' ? `${API}${path}?${body}` : `${API}${path}`, {
      method,
      headers,
      body: method === 'GET' ? undefined : body,
    });
    const json = await response.json().catch(() => ({}));
    if (!response.ok) {
      const error = json.error ?? { message: `Stripe answered ${response.status}` };
      return { error: { type: error.type ?? 'api_error', ...error } };
    }
    return { data: json };
  }

  /** pi_123_secret_abc → pi_123 (Stripe.js reads the intent's id from its client secret). */
  function intentId(clientSecret) {
    const match = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(String(clientSecret ?? ''));
    return match ? match[1] : null;
  }

  const FIELDS = [
    { name: 'number', label: 'Card number', placeholder: '1234 1234 1234 1234', autocomplete: 'cc-number' },
    { name: 'expiry', label: 'Expiration date', placeholder: 'MM / YY', autocomplete: 'cc-exp' },
    { name: 'cvc', label: 'Security code', placeholder: 'CVC', autocomplete: 'cc-csc' },
  ];

  function createPaymentElement(group) {
    const handlers = { ready: [], change: [], loaderror: [] };
    let root = null;
    const inputs = {};
    const emit = (event, payload) => {
      for (const handler of handlers[event] ?? []) handler(payload);
    };
    const values = () => ({
      number: (inputs.number?.value ?? '').replace(/\s+/g, ''),
      expiry: inputs.expiry?.value ?? '',
      cvc: inputs.cvc?.value ?? '',
    });
    const complete = () => {
      const v = values();
      return /^\d{12,19}$/.test(v.number) && /^\d{2}\s*\/\s*\d{2}$/.test(v.expiry) && /^\d{3,4}$/.test(v.cvc);
    };
    const element = {
      mount(target) {
        const host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host) throw new Error('IntegrationError: the Payment Element mount target was not found.');
        root = document.createElement('div');
        root.className = '__PrivateStripeElement';
        root.setAttribute('data-testid', 'stripe-payment-element');
        root.style.cssText =
          'display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:12px;font:inherit;';
        for (const field of FIELDS) {
          const label = document.createElement('label');
          label.style.cssText = `display:grid;gap:4px;min-width:0;font-size:14px;color:#30313d;${field.name === 'number' ? 'grid-column:1 / -1;' : ''}`;
          label.textContent = field.label;
          const input = document.createElement('input');
          input.name = field.name;
          input.placeholder = field.placeholder;
          input.autocomplete = field.autocomplete;
          input.inputMode = 'numeric';
          input.style.cssText =
            'width:100%;min-width:0;box-sizing:border-box;padding:12px;border:1px solid #e6e6e6;border-radius:5px;font-size:16px;box-shadow:0 1px 1px rgba(0,0,0,.03),0 3px 6px rgba(0,0,0,.02);';
          input.addEventListener('input', () =>
            emit('change', { elementType: 'payment', complete: complete(), empty: false }),
          );
          inputs[field.name] = input;
          label.appendChild(input);
          root.appendChild(label);
        }
        host.appendChild(root);
        group.ready.then(
          () => emit('ready', { elementType: 'payment' }),
          (error) => emit('loaderror', { elementType: 'payment', error }),
        );
      },
      on(event, handler) {
        handlers[event] = [...(handlers[event] ?? []), handler];
        return element;
      },
      off(event, handler) {
        handlers[event] = (handlers[event] ?? []).filter((h) => h !== handler);
        return element;
      },
      unmount() {
        root?.remove();
        root = null;
      },
      destroy() {
        element.unmount();
      },
      update() {},
      focus() {
        inputs.number?.focus();
      },
      _values: values,
      _complete: complete,
    };
    group.elements.push(element);
    return element;
  }

  function Stripe(key, _options) {
    if (typeof key !== 'string' || !/^pk_(test|live)_/.test(key)) {
      throw new Error('IntegrationError: Invalid value for Stripe(): apiKey should be a publishable key.');
    }
    const stripe = {
      elements(options = {}) {
        const id = intentId(options.clientSecret);
        const group = { clientSecret: options.clientSecret, elements: [], ready: null };
        // A client secret that names no PaymentIntent fails as Stripe.js's element does.
        group.ready = id
          ? Promise.resolve()
          : Promise.reject({ type: 'invalid_request_error', message: 'Invalid client secret.' });
        group.ready.catch(() => {});
        return {
          create(type, _elementOptions) {
            if (type !== 'payment')
              throw new Error(`IntegrationError: the stand-in has no '${type}' element.`);
            return createPaymentElement(group);
          },
          getElement(type) {
            return type === 'payment' ? (group.elements[0] ?? null) : null;
          },
          async submit() {
            const element = group.elements[0];
            if (!element?._complete()) {
              return { error: { type: 'validation_error', message: 'Your card number is incomplete.' } };
            }
            return {};
          },
          update() {},
          _group: group,
        };
      },
      async confirmPayment({ elements, clientSecret, confirmParams = {}, redirect = 'always' }) {
        const group = elements?._group;
        const secret = clientSecret ?? group?.clientSecret;
        const id = intentId(secret);
        if (!group || !id)
          return { error: { type: 'invalid_request_error', message: 'Missing elements or client secret.' } };
        const element = group.elements[0];
        if (!element?._complete()) {
          return { error: { type: 'validation_error', message: 'Your card number is incomplete.' } };
        }
        if (!confirmParams.return_url) {
          return { error: { type: 'invalid_request_error', message: 'return_url is required.' } };
        }
        const card = element._values();
        const [month, year] = card.expiry.split('/').map((part) => Number(part.trim()));
        const answer = await call(
          'POST',
          `/payment_intents/${id}/confirm`,
          {
            key,
            client_secret: secret,
            return_url: confirmParams.return_url,
            use_stripe_sdk: 'true',
            payment_method_data: {
              type: 'card',
              card: { number: card.number, exp_month: month, exp_year: 2000 + year, cvc: card.cvc },
            },
          },
          key,
        );
        if (answer.error) return { error: answer.error };
        const intent = answer.data;
        if (intent.status === 'requires_action' || redirect === 'always') {
          const url = new URL(confirmParams.return_url);
          url.searchParams.set('payment_intent', intent.id);
          url.searchParams.set('payment_intent_client_secret', secret);
          url.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
          window.location.assign(url.toString());
          return new Promise(() => {});
        }
        return { paymentIntent: intent };
      },
      async retrievePaymentIntent(secret) {
        const id = intentId(secret);
        if (!id) return { error: { type: 'invalid_request_error', message: 'Invalid client secret.' } };
        const answer = await call('GET', `/payment_intents/${id}`, { key, client_secret: secret }, key);
        return answer.error ? { error: answer.error } : { paymentIntent: answer.data };
      },
      _registerWrapper() {},
    };
    return stripe;
  }
  // @stripe/stripe-js compares this with the release train it expects.
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
