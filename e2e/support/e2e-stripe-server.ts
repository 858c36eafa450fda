/**
 * @module The local Stripe of the browser tests (issue 13): the server tests' Stripe API double
 * (providers/stripe/local-stripe.ts: keys, parameters and client secrets checked, webhooks signed
 * with the library's own helper and sent to the app server's /api/webhooks/stripe), reached on the
 * fixed STRIPE_PORT. The app server calls it as STRIPE_API_BASE; the browser's Stripe.js stand-in
 * reaches it through Playwright's routing of https://api.stripe.com. Two test-only paths beside
 * Stripe's: GET /health, and POST /__events/replay?type=T, which delivers again, twice, the latest
 * event of type T exactly as it was signed (a replayed webhook), answering the two statuses.
 */
import { createServer, request as httpRequest } from 'node:http';
import { startLocalStripe } from '../../packages/server/src/providers/stripe/local-stripe';
import {
  APP_PORT,
  STRIPE_PORT,
  STRIPE_PUBLISHABLE_KEY,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
} from './ports';

const stripe = await startLocalStripe({
  secretKey: STRIPE_SECRET_KEY,
  publishableKey: STRIPE_PUBLISHABLE_KEY,
  webhookSecret: STRIPE_WEBHOOK_SECRET,
  webhookUrl: `http://localhost:${APP_PORT}/api/webhooks/stripe`,
});
const target = new URL(stripe.url);

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://local');
  if (url.pathname === '/health') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
    return;
  }
  if (req.method === 'POST' && url.pathname === '/__events/replay') {
    const type = url.searchParams.get('type') ?? '';
    const event = stripe.events.filter((e) => e.type === type).at(-1);
    if (!event) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `no ${type} event yet` }));
      return;
    }
    void (async () => {
      const statuses = [await stripe.deliver(event), await stripe.deliver(event)];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: event.id, statuses }));
    })();
    return;
  }
  // Everything else is Stripe's API: passed to the double as it came.
  const upstream = httpRequest(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: target.host },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (error) => {
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
  });
  req.pipe(upstream);
});
server.listen(STRIPE_PORT, '127.0.0.1', () => {
  console.log(`[e2e] local Stripe at http://127.0.0.1:${STRIPE_PORT} (double at ${stripe.url})`);
});
const stop = () => {
  server.close();
  void stripe.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
