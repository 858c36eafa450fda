/**
 * @module The server's settings, read from the environment and checked with zod. Every
 * setting has a working default (DESIGN §2); `configTable` lists them for the docs.
 */
import { isAbsolute, join, resolve } from 'node:path';
import { STREAM_KEEPALIVE_MS } from '@doppel/protocol';
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
  const path = (value: string | undefined, fallback: string) =>
    value === undefined ? join(root, fallback) : isAbsolute(value) ? value : resolve(value);
  return {
    port: e.PORT,
    host: e.HOST ?? '0.0.0.0',
    examplesPort: e.EXAMPLES_PORT,
    dataDir: e.DATA_DIR === 'memory://' ? 'memory://' : path(e.DATA_DIR, '.data'),
    databaseUrl: e.DATABASE_URL ?? null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
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
  };
}
