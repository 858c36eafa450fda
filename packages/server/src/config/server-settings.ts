/** @module The server's own settings: ports, database, paths, logs, streams, bodies, timeouts. */
import { isAbsolute, join, resolve } from 'node:path';
import { STREAM_KEEPALIVE_MS } from '@doppel/protocol';
import { ConfigError } from './config-error';
import { flag, integer, list, oneOf, optional, optionalUrl, setting } from './setting';
import { settingsGroup } from './settings-group';

/**
 * How long a connection may take, so that idle and slow clients cannot hold sockets forever
 * (HTTP_*_TIMEOUT_MS, applied by process/listen.ts). Node's `requestTimeout` covers receiving
 * the request only: an answer stream (SSE) runs as long as it needs once the request is in.
 */
export interface HttpTimeouts {
  /** Until the request's headers are in (a connection that sends nothing counts too); then 408. */
  headersMs: number;
  /** Until the whole request, headers and body, is in; then 408. */
  requestMs: number;
  /** How long a kept-alive connection may sit idle between requests. */
  keepAliveMs: number;
}

/** The defaults: generous for a person on a slow phone network, short for a socket left hanging. */
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 20_000,
  requestMs: 60_000,
  keepAliveMs: 5_000,
};

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A path from the environment is taken from the working directory; the default points into the repo. */
const path = (root: string, value: string | undefined, fallback: string): string =>
  value === undefined ? join(root, fallback) : isAbsolute(value) ? value : resolve(value);

export const serverSettings = settingsGroup({
  title: 'The server',
  settings: {
    PORT: setting(integer(3000, 0, 65_535), '3000', 'Port of the app, the API (`/api`) and `/embed.js`.'),
    HOST: setting(optional, '0.0.0.0', 'Interface to listen on.'),
    PUBLIC_URL: setting(
      optionalUrl,
      'http://localhost:$PORT',
      'The address visitors use; absolute links and embeds are built from it.',
    ),
    EXAMPLES_PORT: setting(
      integer(3001, 0, 65_535),
      '3001',
      'Port serving `EXAMPLES_DIR` as a third-party host page; `0` turns it off.',
    ),
    EXAMPLES_DIR: setting(optional, 'examples', 'The host pages served on `EXAMPLES_PORT`.'),
    DATA_DIR: setting(
      optional,
      './.data',
      'Where the embedded PGlite database lives; `memory://` keeps it in memory (tests).',
    ),
    DATABASE_URL: setting(
      optional,
      'unset: PGlite',
      'A PostgreSQL server to use instead of PGlite (see [deployment](deployment.md)).',
    ),
    DEMO_CLONE_DIR: setting(
      optional,
      'clones/demo',
      'The clone folder imported on start when no clone `demo` exists.',
    ),
    APP_DIST: setting(optional, 'packages/app/dist', 'The built app, served for every path outside `/api`.'),
    EMBED_DIST: setting(optional, 'packages/embed/dist', 'Where `/embed.js` is served from.'),
    LOG_LEVEL: setting(oneOf(LOG_LEVELS, 'info'), 'info', '`debug`, `info`, `warn` or `error`.'),
    STREAM_KEEPALIVE_MS: setting(
      integer(STREAM_KEEPALIVE_MS, 10, 3_600_000),
      String(STREAM_KEEPALIVE_MS),
      'Interval of the `: keep-alive` comment on an open answer stream.',
    ),
    JSON_BODY_LIMIT_BYTES: setting(
      integer(64 * 1024, 1_024, 16 * 1024 * 1024),
      '65536',
      'Largest JSON request body; a larger one answers 413.',
    ),
    HTTP_HEADERS_TIMEOUT_MS: setting(
      integer(DEFAULT_HTTP_TIMEOUTS.headersMs, 100, 600_000),
      String(DEFAULT_HTTP_TIMEOUTS.headersMs),
      'How long a client may take to send its request headers (a connection that sends nothing counts too); then 408 and the connection is closed. At most `HTTP_REQUEST_TIMEOUT_MS`.',
    ),
    HTTP_REQUEST_TIMEOUT_MS: setting(
      integer(DEFAULT_HTTP_TIMEOUTS.requestMs, 100, 3_600_000),
      String(DEFAULT_HTTP_TIMEOUTS.requestMs),
      'How long a client may take to send a whole request, headers and body; then 408 and the connection is closed. Answers are not limited: a stream runs as long as it needs.',
    ),
    HTTP_KEEPALIVE_TIMEOUT_MS: setting(
      integer(DEFAULT_HTTP_TIMEOUTS.keepAliveMs, 100, 600_000),
      String(DEFAULT_HTTP_TIMEOUTS.keepAliveMs),
      "How long a kept-alive connection may sit idle between requests. Behind a load balancer, set it above the balancer's own idle timeout.",
    ),
    OG_ALLOWED_HOSTS: setting(
      list,
      'none',
      "Comma-separated `host:port` pairs that `GET /api/og` may fetch although they resolve to a private or loopback address (an intranet's sites; the tests' local pages). Every other private, loopback or link-local address is refused.",
    ),
    OG_PER_IP_PER_HOUR: setting(
      integer(300, 1, 1_000_000),
      '300',
      'Pages one client address may have `GET /api/og` fetch per hour (then 429); previews already fetched are served from the cache and not counted.',
    ),
    BOT_CHECK: setting(
      oneOf(['auto', 'on', 'off'] as const, 'auto'),
      'auto',
      "The full site's invisible bot check (a proof of work the page solves in the background; embeds are exempt): `on` refuses a site send without a valid token (403), `off` asks for none. `auto`: on when `PUBLIC_URL` is a public address, off on `localhost` (a developer's laptop, and the shared stream-contract check, which sends without one).",
    ),
    BOT_CHECK_MAX_NUMBER: setting(
      integer(20_000, 100, 10_000_000),
      '20000',
      "The bot check's difficulty: the page tries up to this many SHA-256 hashes in the background, half of them on average, once per visitor per hour (the token lasts an hour). At 50,000 a solve took 0.7 s (median) and up to 1.9 s on the test machine's Node; raise it for a stronger check, at the cost of a first send that may wait.",
    ),
    DEV_OUTBOX: setting(
      flag(false),
      'off',
      "`on` serves `GET /api/dev/outbox` (the local outbox, sign-in codes included) to requests made on this machine straight to the server, while no `SMTP_URL` is set; and, while no Twilio or Telegram keys are set, offers SMS, WhatsApp and Telegram through the outbox with `POST /api/dev/texts` to play the visitor's side. For a developer's laptop only, never in production: `npm start` turns it on when it is unset and `PUBLIC_URL` is unset or local; the end-to-end tests turn it on.",
    ),
  },
  read: (e, { root, publicUrl }) => ({
    port: e.PORT,
    host: e.HOST ?? '0.0.0.0',
    examplesPort: e.EXAMPLES_PORT,
    /** A folder for PGlite, or `memory://`. Unused when `databaseUrl` is set. */
    dataDir: e.DATA_DIR === 'memory://' ? 'memory://' : path(root, e.DATA_DIR, '.data'),
    databaseUrl: e.DATABASE_URL ?? null,
    publicUrl,
    demoCloneDir: path(root, e.DEMO_CLONE_DIR, 'clones/demo'),
    appDist: path(root, e.APP_DIST, 'packages/app/dist'),
    embedDist: path(root, e.EMBED_DIST, 'packages/embed/dist'),
    examplesDir: path(root, e.EXAMPLES_DIR, 'examples'),
    logLevel: e.LOG_LEVEL,
    /** How often an open stream gets a `: keep-alive` comment. */
    streamKeepAliveMs: e.STREAM_KEEPALIVE_MS,
    /** Largest JSON request body accepted; larger ones answer 413. */
    jsonBodyLimitBytes: e.JSON_BODY_LIMIT_BYTES,
    /** Idle and slow connections are closed (process/listen.ts); answer streams are not cut. */
    httpTimeouts: httpTimeouts(
      e.HTTP_HEADERS_TIMEOUT_MS,
      e.HTTP_REQUEST_TIMEOUT_MS,
      e.HTTP_KEEPALIVE_TIMEOUT_MS,
    ),
    /**
     * GET /api/dev/outbox is served at all (still only to direct loopback requests with the
     * local outbox). Off by default: a proxy that rewrites Host would otherwise hand sign-in
     * codes to anyone.
     */
    devOutbox: e.DEV_OUTBOX,
    /** `host:port` pairs GET /api/og may fetch on private addresses (og/guarded-fetch.ts). */
    ogAllowedHosts: e.OG_ALLOWED_HOSTS,
    /** Fetches per client address per hour for GET /api/og (cache hits not counted). */
    ogPerIpPerHour: e.OG_PER_IP_PER_HOUR,
    /** The site's sends need a bot-check token (bot-check/bot-check.ts); embeds never do. */
    botCheck: {
      required: e.BOT_CHECK === 'on' || (e.BOT_CHECK === 'auto' && !isLocalUrl(publicUrl)),
      maxNumber: e.BOT_CHECK_MAX_NUMBER,
    },
  }),
});

/** Node refuses a headers timeout above the request timeout: say so at start, by name. */
function httpTimeouts(headersMs: number, requestMs: number, keepAliveMs: number): HttpTimeouts {
  if (headersMs > requestMs) {
    throw new ConfigError(
      `Invalid environment: HTTP_HEADERS_TIMEOUT_MS (${headersMs}) must not be above HTTP_REQUEST_TIMEOUT_MS (${requestMs})`,
    );
  }
  return { headersMs, requestMs, keepAliveMs };
}

/** An address of this machine (a developer's laptop): localhost, 127.0.0.1, ::1. */
export const isLocalUrl = (url: string): boolean =>
  ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);

/** PUBLIC_URL (no trailing slash), or the local address on PORT. */
export const publicUrlOf = (env: NodeJS.ProcessEnv): string => {
  const given = optionalUrl.safeParse(env.PUBLIC_URL);
  const port = integer(3000, 0, 65_535).safeParse(env.PORT);
  const url =
    (given.success ? given.data : undefined) ?? `http://localhost:${port.success ? port.data : 3000}`;
  return url.replace(/\/+$/, '');
};
