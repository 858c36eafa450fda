import { grantable } from '@doppel/core';
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSql } from './grant-sql';

const LIMITS = [-1, 0, 1, 30, 600];
const USED = [0, 1, 29, 30, 31, 590, 600, 700];
const AMOUNTS = [0, 1, 10, 30];

/** grantSql must grant what core `grantable` grants, on every point of the grid. */
describe.each(testDatabases())('grantSql on $name', ({ open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db.close());

  it('agrees with grantable', async () => {
    const grid = LIMITS.flatMap((limit) =>
      USED.flatMap((used) => AMOUNTS.map((amount) => [limit, used, amount])),
    );
    const rows = await db.query<{ granted: number }>(
      `SELECT ${grantSql('g.l', 'g.u', 'g.a')}::int AS granted
       FROM unnest($1::int[], $2::int[], $3::int[]) WITH ORDINALITY AS g(l, u, a, i) ORDER BY g.i`,
      [grid.map((p) => p[0]), grid.map((p) => p[1]), grid.map((p) => p[2])],
    );
    const expected = grid.map(([limit = 0, used = 0, amount = 0]) => ({
      granted: grantable({ quota: limit, used, overage: false }, amount),
    }));
    expect(rows).toEqual(expected);
  });
});
