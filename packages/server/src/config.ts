/**
 * @module The server's settings, read from the environment and checked with zod. Every
 * setting has a working default (DESIGN §2); `configTable` lists them for the docs.
 */
import { isAbsolute, join, resolve } from 'node:path';
import { OTP_SENDS_PER_HOUR, STREAM_KEEPALIVE_MS } from '@doppel/protocol';
import { z } from 'zod';
import { findRepoRoot } from './repo-root';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  /** 0 turns the examples server off. */
  examplesPort: number;
  /** A folder for PGlite, or `memory://`. Unused when `databaseUrl` is set. */
  dataDir: string;
  databaseUrl: string | null;
  publicUrl: string;
  llm: { baseUrl: string | null; apiKey: string | null; model: string };
  demoCloneDir: string;
  appDist: string;
  embedDist: string;
  examplesDir: string;
  logLevel: LogLevel;
  /** How often an open stream gets a `: keep-alive` comment. */
  streamKeepAliveMs: number;
  /** Largest JSON request body accepted; larger ones answer 413. */
  jsonBodyLimitBytes: number;
  auth: AuthConfig;
  mail: MailConfig;
  usage: UsageConfig;
}

export interface AuthConfig {
  /** Signs visitor ids and hashes one-time codes; null: generated once and kept in the database. */
  secret: string | null;
  /** The product's own domains: exempt from the subaddress rule (spec/chat.md §5). */
  staffEmailDomains: string[];
  bannedEmailDomains: string[];
  bannedEmails: string[];
  /** Codes sent to one address or number per hour. */
  otpSendsPerHour: number;
  /** Codes requested from one IP address per hour. */
  otpSendsPerIpPerHour: number;
  /** Behind a reverse proxy: the client address is the first of X-Forwarded-For. */
  trustProxy: boolean;
}

export interface MailConfig {
  /** smtp:// or smtps:// URL; null: the local outbox (table + server log). */
  smtpUrl: string | null;
  from: string;
}

export interface UsageConfig {
  /** The signed-in monthly message quota when a clone has no free membership. */
  freeMessagesPerMonth: number;
  /** Off only for benchmarks: sends are neither counted nor refused. */
  enforce: boolean;
}

/** One documented setting. `default` is what a reader sees in the docs. */
export interface ConfigEntry {
  name: string;
  default: string;
  description: string;
}

export const configTable: readonly ConfigEntry[] = [
  { name: 'PORT', default: '3000', description: 'Port of the app, the API (/api) and /embed.js.' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to listen on.' },
  {
    name: 'EXAMPLES_PORT',
    default: '3001',
    description: 'Port serving EXAMPLES_DIR as a third-party host page; 0 turns it off.',
  },
  {
    name: 'DATA_DIR',
    default: './.data',
    description: 'Where the embedded PGlite database lives; memory:// keeps it in memory.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset: PGlite)',
    description: 'A PostgreSQL server to use instead of PGlite.',
  },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:$PORT',
    description: 'The address visitors use; links are built from it.',
  },
  {
    name: 'LLM_BASE_URL',
    default: '(unset: local answers)',
    description: 'An OpenAI-compatible chat-completions endpoint.',
  },
  { name: 'LLM_API_KEY', default: '(unset)', description: 'The key of LLM_BASE_URL.' },
  { name: 'LLM_MODEL', default: 'gpt-4o-mini', description: 'The model asked at LLM_BASE_URL.' },
  {
    name: 'DEMO_CLONE_DIR',
    default: 'clones/demo',
    description: 'The clone folder imported on start when no clone "demo" exists.',
  },
  {
    name: 'APP_DIST',
    default: 'packages/app/dist',
    description: 'The built app, served for every path outside /api.',
  },
  { name: 'EMBED_DIST', default: 'packages/embed/dist', description: 'Where /embed.js is served from.' },
  { name: 'EXAMPLES_DIR', default: 'examples', description: 'The host pages served on EXAMPLES_PORT.' },
  { name: 'LOG_LEVEL', default: 'info', description: 'debug, info, warn or error.' },
  {
    name: 'STREAM_KEEPALIVE_MS',
    default: String(STREAM_KEEPALIVE_MS),
    description: 'Interval of the keep-alive comment on an open answer stream.',
  },
  {
    name: 'JSON_BODY_LIMIT_BYTES',
    default: '65536',
    description: 'Largest JSON request body; larger ones answer 413.',
  },
  {
    name: 'AUTH_SECRET',
    default: '(unset: generated once, kept in the database)',
    description:
      'Signs visitor ids and hashes sign-in codes; at least 32 characters. Changing it signs everyone out of their visitor ids and voids pending codes.',
  },
  {
    name: 'SMTP_URL',
    default: '(unset: local outbox)',
    description:
      'smtp:// or smtps:// URL of the mail server for sign-in codes. Unset: codes go to the outbox table and the server log.',
  },
  {
    name: 'MAIL_FROM',
    default: 'Doppel <no-reply@$PUBLIC_URL host>',
    description: 'The sender of sign-in mails.',
  },
  {
    name: 'STAFF_EMAIL_DOMAINS',
    default: '(none)',
    description: "Comma-separated domains of the product's staff: exempt from the subaddress rule.",
  },
  {
    name: 'BANNED_EMAIL_DOMAINS',
    default: '(none)',
    description: 'Comma-separated domains (and their subdomains) that may not sign in.',
  },
  {
    name: 'BANNED_EMAILS',
    default: '(none)',
    description: 'Comma-separated addresses that may not sign in.',
  },
  {
    name: 'OTP_SENDS_PER_HOUR',
    default: String(OTP_SENDS_PER_HOUR),
    description: 'Sign-in codes sent to one address or phone number per hour.',
  },
  {
    name: 'OTP_SENDS_PER_IP_PER_HOUR',
    default: '20',
    description: 'Sign-in codes requested from one IP address per hour.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description: 'true behind a reverse proxy: the client address is the first X-Forwarded-For entry.',
  },
  {
    name: 'FREE_MESSAGES_PER_MONTH',
    default: '30',
    description: 'Signed-in monthly message quota for a clone without a free (price 0) membership.',
  },
  {
    name: 'USAGE_ENFORCEMENT',
    default: 'on',
    description: 'off only for benchmarks: sends are neither counted nor refused.',
  },
];

/** An unset or blank variable is absent: `DATABASE_URL=` means PGlite, not an empty URL. */
const optional = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined),
  z.string().optional(),
);
const integer = (fallback: number, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : undefined),
    z.number().int().min(min).max(max).default(fallback),
  );

/** A comma-separated list: trimmed, lower-cased, blanks dropped. */
const list = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((item) => item.trim().toLowerCase())
          .filter((item) => item !== '')
      : [],
  z.array(z.string()),
);
const flag = (fallback: boolean) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : undefined),
    z
      .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
      .optional()
      .transform((v) => (v === undefined ? fallback : ['true', '1', 'on', 'yes'].includes(v))),
  );

const Env = z.object({
  PORT: integer(3000, 0, 65_535),
  HOST: optional,
  EXAMPLES_PORT: integer(3001, 0, 65_535),
  DATA_DIR: optional,
  DATABASE_URL: optional,
  PUBLIC_URL: optional.pipe(z.url().optional()),
  LLM_BASE_URL: optional.pipe(z.url().optional()),
  LLM_API_KEY: optional,
  LLM_MODEL: optional,
  DEMO_CLONE_DIR: optional,
  APP_DIST: optional,
  EMBED_DIST: optional,
  EXAMPLES_DIR: optional,
  LOG_LEVEL: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? v.toLowerCase() : undefined),
    z.enum(LOG_LEVELS).default('info'),
  ),
  STREAM_KEEPALIVE_MS: integer(STREAM_KEEPALIVE_MS, 10, 3_600_000),
  JSON_BODY_LIMIT_BYTES: integer(64 * 1024, 1_024, 16 * 1024 * 1024),
  AUTH_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optional.pipe(
    z
      .url()
      .refine((u) => /^smtps?:/i.test(u), 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optional,
  STAFF_EMAIL_DOMAINS: list,
  BANNED_EMAIL_DOMAINS: list,
  BANNED_EMAILS: list,
  OTP_SENDS_PER_HOUR: integer(OTP_SENDS_PER_HOUR, 1, 10_000),
  OTP_SENDS_PER_IP_PER_HOUR: integer(20, 1, 1_000_000),
  TRUST_PROXY: flag(false),
  FREE_MESSAGES_PER_MONTH: integer(30, -1, 100_000_000),
  USAGE_ENFORCEMENT: flag(true),
});

/** The variables `loadConfig` reads (each must have a row in `configTable`). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(Env.shape);

/** Thrown with every problem of the environment in one readable message. */
export class ConfigError extends Error {}

/**
 * Reads the settings from `env`. Paths given in the environment are taken from the working
 * directory; the defaults point into the repository, wherever the process was started.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, root: string = findRepoRoot()): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const path = (value: string | undefined, fallback: string) =>
    value === undefined ? join(root, fallback) : isAbsolute(value) ? value : resolve(value);
  return {
    port: e.PORT,
    host: e.HOST ?? '0.0.0.0',
    examplesPort: e.EXAMPLES_PORT,
    dataDir: e.DATA_DIR === 'memory://' ? 'memory://' : path(e.DATA_DIR, '.data'),
    databaseUrl: e.DATABASE_URL ?? null,
    publicUrl,
    llm: {
      baseUrl: e.LLM_BASE_URL ?? null,
      apiKey: e.LLM_API_KEY ?? null,
      model: e.LLM_MODEL ?? 'gpt-4o-mini',
    },
    demoCloneDir: path(e.DEMO_CLONE_DIR, 'clones/demo'),
    appDist: path(e.APP_DIST, 'packages/app/dist'),
    embedDist: path(e.EMBED_DIST, 'packages/embed/dist'),
    examplesDir: path(e.EXAMPLES_DIR, 'examples'),
    logLevel: e.LOG_LEVEL,
    streamKeepAliveMs: e.STREAM_KEEPALIVE_MS,
    jsonBodyLimitBytes: e.JSON_BODY_LIMIT_BYTES,
    auth: {
      secret: e.AUTH_SECRET ?? null,
      staffEmailDomains: e.STAFF_EMAIL_DOMAINS,
      bannedEmailDomains: e.BANNED_EMAIL_DOMAINS,
      bannedEmails: e.BANNED_EMAILS,
      otpSendsPerHour: e.OTP_SENDS_PER_HOUR,
      otpSendsPerIpPerHour: e.OTP_SENDS_PER_IP_PER_HOUR,
      trustProxy: e.TRUST_PROXY,
    },
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM ?? `Doppel <no-reply@${mailDomain(publicUrl)}>` },
    usage: { freeMessagesPerMonth: e.FREE_MESSAGES_PER_MONTH, enforce: e.USAGE_ENFORCEMENT },
  };
}

/** The host of PUBLIC_URL for the default sender; `localhost` is not a deliverable domain. */
function mailDomain(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return host === 'localhost' || host === '127.0.0.1' ? 'localhost.localdomain' : host;
}
