import type { Queryable } from '@doppel/db';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { newApiKey } from '../../auth/api-key';
import { systemClock } from '../../clock';
import { apiKey, INVALID_API_KEY, MISSING_API_KEY } from '.';

/** A database that knows one key (by hash) and counts the lookups. */
function oneKeyDb(hash: string): Queryable & { lookups: number } {
  const db = {
    lookups: 0,
    async query<T>(_sql: string, params: readonly unknown[] = []): Promise<T[]> {
      db.lookups += 1;
      const rows = params[0] === hash ? [{ id: 'k1', clone_id: 'c1', slug: 'ada' }] : [];
      // The store parses what it gets with zod; the rows are plain objects.
      return rows as T[];
    },
  };
  return db;
}

describe('apiKey', () => {
  const { key, hash } = newApiKey();

  const appWith = (db: Queryable, vapiSecret = false) =>
    new Hono().use('*', apiKey({ db, clock: systemClock, vapiSecret })).get('/', (c) => c.json(c.var.apiKey));

  it('hands a live key’s grant to the route, whatever the case of "Bearer"', async () => {
    const app = appWith(oneKeyDb(hash));
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const res = await app.request('/', { headers: { authorization: `${scheme} ${key}` } });
      expect(await res.json()).toEqual({ keyId: 'k1', cloneId: 'c1', cloneSlug: 'ada' });
    }
  });

  it('answers 401 with a Bearer challenge in OpenAI’s shape; junk costs no lookup', async () => {
    const db = oneKeyDb(hash);
    const app = appWith(db);
    const missing = await app.request('/');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="doppel"');
    expect(await missing.json()).toEqual({
      error: {
        message: MISSING_API_KEY,
        type: 'invalid_request_error',
        param: null,
        code: 'missing_api_key',
      },
    });
    const junk = await app.request('/', { headers: { authorization: 'Bearer not-a-key' } });
    expect([junk.status, db.lookups]).toEqual([401, 0]);
    const unknown = await app.request('/', { headers: { authorization: `Bearer ${newApiKey().key}` } });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({
      error: { message: INVALID_API_KEY, code: 'invalid_api_key' },
    });
    expect(db.lookups).toBe(1);
  });

  it('reads X-Vapi-Secret only where allowed', async () => {
    const headers = { 'x-vapi-secret': key };
    expect((await appWith(oneKeyDb(hash)).request('/', { headers })).status).toBe(401);
    expect((await appWith(oneKeyDb(hash), true).request('/', { headers })).status).toBe(200);
  });
});
