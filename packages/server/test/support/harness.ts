/** @module An app over a test database, for `app.request` and real-HTTP tests. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Brain } from '@doppel/brain';
import type { Db } from '@doppel/db';
import { StreamEvent, VISITOR_HEADER } from '@doppel/protocol';
import type { Hono } from 'hono';
import { createApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { silentLogger } from '../../src/logger';

/** A built-app stand-in: index.html and one hashed asset. */
export function fakeAppDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'doppel-app-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Doppel app</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), dataDir: 'memory://', ...overrides };
}

export function testApp(db: Db, brain: Brain, overrides: Partial<Config> = {}): Hono {
  return createApp({ db, brain, config: testConfig(overrides), logger: silentLogger });
}

/** JSON POST through `app.request`, with `headers` (a visitor's, say) added. */
export function postJson(
  app: Hono,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return Promise.resolve(
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

/**
 * A new visitor of `app`, as an embed keeps it: the `X-Doppel-Visitor` header its first answer
 * handed out, to send on every request (sending a message needs an identity).
 */
export async function newVisitor(app: Hono): Promise<Record<string, string>> {
  const res = await app.request('/api/me');
  const id = res.headers.get(VISITOR_HEADER);
  if (!id) throw new Error('the server handed out no visitor id');
  return { [VISITOR_HEADER]: id };
}

/** The `data:` events of an SSE body, each checked against the protocol. */
export function parseEvents(raw: string): StreamEvent[] {
  return raw
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => StreamEvent.parse(JSON.parse(line.slice('data: '.length))));
}

/** A fixed AUTH_SECRET for tests that must not read the database (the secret otherwise lives there). */
export const TEST_AUTH_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

/** A clock the test moves by hand. */
export class ManualClock {
  constructor(public time = new Date('2026-03-15T12:00:00.000Z')) {}
  now = (): Date => new Date(this.time);
  advance(ms: number): void {
    this.time = new Date(this.time.getTime() + ms);
  }
}
