import { join } from 'node:path';
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliIo, runCli } from './run-cli';

const fixtures = join(import.meta.dirname, '../../test/fixtures');

function captureIo(): CliIo & { out_: string[]; err_: string[] } {
  const out_: string[] = [];
  const err_: string[] = [];
  return { out_, err_, out: (l) => out_.push(l), err: (l) => err_.push(l) };
}

const neverOpen = async (): Promise<{ db: Db; applied: string[] }> => {
  throw new Error('this command must not open the database');
};

describe('doppel usage', () => {
  it('prints help (0), and usage for no command (2) or an unknown one (2)', async () => {
    const help = captureIo();
    expect(await runCli(['help'], help, { open: neverOpen })).toBe(0);
    expect(help.out_.join('\n')).toMatch(/^Usage: doppel <command>/);
    expect(await runCli([], captureIo(), { open: neverOpen })).toBe(2);
    const unknown = captureIo();
    expect(await runCli(['serve'], unknown, { open: neverOpen })).toBe(2);
    expect(unknown.err_.join('\n')).toContain('unknown command "serve"');
  });

  it('asks for exactly one folder to import', async () => {
    const io = captureIo();
    expect(await runCli(['import'], io, { open: neverOpen })).toBe(2);
    expect(io.err_.join('\n')).toContain('give exactly one clone folder');
  });
});

describe.each(testDatabases())('doppel import and migrate on $name', ({ open }) => {
  let db: Db;
  // The CLI closes what it opened; the test keeps one database across commands.
  const keep = async () => ({ db: { ...db, close: async () => {} }, applied: [] });

  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db.close());

  it('imports a folder, then finds nothing to change on the second run', async () => {
    const first = captureIo();
    expect(await runCli(['import', join(fixtures, 'mini-clone')], first, { open: keep })).toBe(0);
    expect(first.out_.join('\n')).toBe(
      'Created clone "mini".\nDocuments: 2 added, 0 updated, 0 removed, 0 unchanged.',
    );
    const second = captureIo();
    expect(await runCli(['import', join(fixtures, 'mini-clone')], second, { open: keep })).toBe(0);
    expect(second.out_.join('\n')).toBe(
      'Updated clone "mini".\nDocuments: 0 added, 0 updated, 0 removed, 2 unchanged.',
    );
  });

  it('names the file and the problem of a bad folder, without a stack trace (exit 1)', async () => {
    const io = captureIo();
    expect(await runCli(['import', join(fixtures, 'broken-clone')], io, { open: keep })).toBe(1);
    const text = io.err_.join('\n');
    expect(text).toMatch(/^doppel import: .*clone\.json/);
    expect(text).not.toMatch(/\n\s+at /);
    expect((await db.query('SELECT 1 FROM clones WHERE slug = $1', ['broken'])).length).toBe(0);
  });

  it('migrates (nothing left to apply on a migrated database)', async () => {
    const io = captureIo();
    expect(await runCli(['migrate'], io, { open: keep })).toBe(0);
    expect(io.out_).toEqual(['The database is up to date.']);
  });
});

describe('doppel user and relationship usage', () => {
  it('checks the arguments before opening the database (exit 2)', async () => {
    for (const args of [
      ['user'],
      ['user', 'not-an-address'],
      ['user', 'a@example.com', '--admin'],
      ['relationship', 'a@example.com', 'demo'],
      ['relationship', 'a@example.com', 'demo', 'OWNER'],
      ['relationship', 'nobody', 'demo', 'CREATOR'],
    ]) {
      const io = captureIo();
      expect(await runCli(args, io, { open: neverOpen })).toBe(2);
      expect(io.err_.join('\n')).toMatch(new RegExp(`^doppel ${args[0]}: `));
    }
  });
});

describe.each(testDatabases())('doppel user and relationship on $name', ({ open }) => {
  let db: Db;
  const keep = async () => ({ db: { ...db, close: async () => {} }, applied: [] });
  const flags = async (email: string) =>
    (
      await db.query<{ staff: boolean; banned: boolean }>(
        'SELECT staff, banned FROM users WHERE email = $1',
        [email],
      )
    )[0];

  beforeAll(async () => {
    db = await open();
    await runCli(['import', join(fixtures, 'mini-clone')], captureIo(), { open: keep });
  });
  afterAll(() => db.close());

  it('makes a user staff (creating them), shows them, and takes it back', async () => {
    const io = captureIo();
    expect(await runCli(['user', 'Ops@Example.com', '--staff'], io, { open: keep })).toBe(0);
    expect(io.out_).toEqual(['User ops@example.com: staff; 0 relationship(s).']);
    expect(await flags('ops@example.com')).toEqual({ staff: true, banned: false });
    const show = captureIo();
    expect(await runCli(['user', 'ops@example.com'], show, { open: keep })).toBe(0);
    expect(show.out_).toEqual(['User ops@example.com: staff; 0 relationship(s).']);
    expect(
      await runCli(['user', 'ops@example.com', '--no-staff', '--ban'], captureIo(), { open: keep }),
    ).toBe(0);
    expect(await flags('ops@example.com')).toEqual({ staff: false, banned: true });
    const missing = captureIo();
    expect(await runCli(['user', 'ghost@example.com'], missing, { open: keep })).toBe(1);
    expect(missing.err_).toEqual(['doppel user: there is no user ghost@example.com']);
  });

  it('makes a user the creator or a contributor of a clone', async () => {
    const io = captureIo();
    expect(await runCli(['relationship', 'maker@example.com', 'mini', 'creator'], io, { open: keep })).toBe(
      0,
    );
    expect(io.out_).toEqual(['maker@example.com is now CREATOR of "mini".']);
    expect(
      await runCli(['relationship', 'maker@example.com', 'mini', 'CONTRIBUTOR'], captureIo(), { open: keep }),
    ).toBe(0);
    const rows = await db.query<{ type: string }>(
      'SELECT r.type FROM relationships r JOIN users u ON u.id = r.user_id WHERE u.email = $1',
      ['maker@example.com'],
    );
    expect(rows).toEqual([{ type: 'CONTRIBUTOR' }]);
    const unknown = captureIo();
    expect(
      await runCli(['relationship', 'maker@example.com', 'nobody', 'CREATOR'], unknown, { open: keep }),
    ).toBe(1);
    expect(unknown.err_).toEqual(['doppel relationship: there is no clone "nobody"']);
  });
});
