/** @module A `Db` for tests that must not touch a database (static files, middleware). */
import type { Db } from '@doppel/db';

export const stubDb: Db = {
  kind: 'pglite',
  async query() {
    throw new Error('this test must not query the database');
  },
  async transaction() {
    throw new Error('this test must not query the database');
  },
  async close() {},
};
