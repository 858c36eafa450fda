import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';
import { apiKeyHash } from '../auth/api-key';
import { countApiKeyAnswer, useApiKey } from '../store/api-keys';
import { parseKeyCommand } from './key-commands';
import { type CliIo, runCli } from './run-cli';

function captureIo(): CliIo & { out_: string[]; err_: string[] } {
  const out_: string[] = [];
  const err_: string[] = [];
  return { out_, err_, out: (l) => out_.push(l), err: (l) => err_.push(l) };
}

const neverOpen = async (): Promise<{ db: Db; applied: string[] }> => {
  throw new Error('this command must not open the database');
};

describe('doppel key: arguments', () => {
  it('reads create, list and revoke', () => {
    expect(parseKeyCommand(['create', 'ada'])).toEqual({ action: 'create', slug: 'ada', name: '' });
    expect(parseKeyCommand(['create', 'ada', '--name', 'Vapi production'])).toEqual({
      action: 'create',
      slug: 'ada',
      name: 'Vapi production',
    });
    expect(parseKeyCommand(['create', '--name=Vapi', 'ada'])).toEqual({
      action: 'create',
      slug: 'ada',
      name: 'Vapi',
    });
    expect(parseKeyCommand(['list', 'ada'])).toEqual({ action: 'list', slug: 'ada' });
    expect(parseKeyCommand(['revoke', '4f0c5a4e-0000-4000-8000-000000000000'])).toEqual({
      action: 'revoke',
      id: '4f0c5a4e-0000-4000-8000-000000000000',
    });
  });

  it('says what is wrong', () => {
    const problems: [string[], RegExp][] = [
      [[], /create, list and revoke/],
      [['show', 'ada'], /create, list and revoke/],
      [['create'], /one clone slug/],
      [['create', 'ada', 'bob'], /one clone slug/],
      [['create', 'ada', '--name'], /--name needs a value/],
      [['create', 'ada', '--name', 'x'.repeat(101)], /at most 100 characters/],
      [['create', 'ada', '--clone', 'x'], /unknown option "--clone"/],
      [['list'], /one clone slug/],
      [['revoke'], /one key id/],
      [['revoke', 'dpl_abc'], /one key id/],
    ];
    for (const [args, problem] of problems) {
      const parsed = parseKeyCommand(args);
      expect(typeof parsed, args.join(' ')).toBe('string');
      expect(parsed, args.join(' ')).toMatch(problem);
    }
  });

  it('answers usage problems with exit 2 without opening the database', async () => {
    const io = captureIo();
    expect(await runCli(['key', 'revoke', 'nope'], io, { open: neverOpen })).toBe(2);
    expect(io.err_.join('\n')).toContain('doppel key: give one key id');
    const help = captureIo();
    expect(await runCli(['help'], help, { open: neverOpen })).toBe(0);
    expect(help.out_.join('\n')).toContain('key create SLUG [--name NAME]');
  });
});

describe.each(testDatabases())('doppel key on $name', ({ open }) => {
  let db: Db;
  // The CLI closes what it opened; the test keeps one database across commands.
  const keep = async () => ({ db: { ...db, close: async () => {} }, applied: [] });
  const config = () => testConfig({ publicUrl: 'https://doppel.example' });
  const run = async (...args: string[]) => {
    const io = captureIo();
    const code = await runCli(['key', ...args], io, { open: keep, config });
    return { code, out: io.out_.join('\n'), err: io.err_.join('\n') };
  };
  const keyIn = (out: string): string => /^(dpl_[A-Za-z0-9_-]{43})$/m.exec(out)?.[1] ?? '';
  const idIn = (out: string): string => /API key ([0-9a-f-]{36})/.exec(out)?.[1] ?? '';

  beforeAll(async () => {
    db = await open();
    await seedClone(db, 'ada');
    await seedClone(db, 'bob');
  });
  afterAll(() => db.close());

  it('creates a key for one clone and prints it once, with how a voice provider uses it', async () => {
    const created = await run('create', 'ada', '--name', 'Vapi production');
    expect(created).toMatchObject({ code: 0, err: '' });
    const key = keyIn(created.out);
    expect(key).toMatch(/^dpl_/);
    expect(created.out).toContain(`Created API key ${idIn(created.out)} "Vapi production" for clone "ada".`);
    expect(created.out).toContain('https://doppel.example/api/openai/v1');
    expect(created.out).toContain('https://doppel.example/api/openai/v1/vapi');
    // Stored as a hash only; the key works for its clone.
    const stored = JSON.stringify(await db.query('SELECT * FROM api_keys'));
    expect(stored).not.toContain(key);
    expect(stored).toContain(apiKeyHash(key));
    expect(await useApiKey(db, key, new Date())).toMatchObject({ cloneSlug: 'ada' });
    // It is never shown again.
    expect((await run('list', 'ada')).out).not.toContain(key);
  });

  it('lists a clone’s keys with what they answered and when they were last used', async () => {
    const created = await run('create', 'bob', '--name', 'counted');
    const id = idIn(created.out);
    const key = keyIn(created.out);
    const fresh = await run('list', 'bob');
    expect(fresh).toMatchObject({ code: 0, err: '' });
    expect(fresh.out).toContain(`${id} "counted" (${key.slice(0, 12)}…)`);
    expect(fresh.out).toContain('  last used: never');
    expect(fresh.out).toContain('  answered: 0 requests, 0 characters, 0 tokens');
    await useApiKey(db, key, new Date('2026-03-15T12:00:00.000Z'));
    await countApiKeyAnswer(db, id, { characters: 1234, completionTokens: 309 });
    await countApiKeyAnswer(db, id, { characters: 10, completionTokens: 3 });
    const used = await run('list', 'bob');
    expect(used.out).toContain('  last used: 2026-03-15T12:00:00.000Z');
    expect(used.out).toContain('  answered: 2 requests, 1244 characters, 312 tokens');
    expect((await run('list', 'ada')).out).not.toContain(id);
  });

  it('revokes a key at once; the list says so; unknown ids fail (exit 1)', async () => {
    const created = await run('create', 'bob');
    const id = idIn(created.out);
    const key = keyIn(created.out);
    expect(await run('revoke', id)).toMatchObject({ code: 0, out: `Revoked API key ${id}.` });
    expect(await useApiKey(db, key, new Date())).toBeNull();
    expect((await run('list', 'bob')).out).toMatch(new RegExp(`${id} \\(dpl_[^)]+\\)\\n  revoked: \\d{4}-`));
    expect(await run('revoke', id)).toMatchObject({ code: 0, out: `API key ${id} was already revoked.` });
    const unknown = '4f0c5a4e-0000-4000-8000-000000000000';
    expect(await run('revoke', unknown)).toMatchObject({
      code: 1,
      err: `doppel key revoke: there is no API key ${unknown}`,
    });
  });

  it('refuses an unknown clone (exit 1) and says when a clone has no keys', async () => {
    expect(await run('create', 'nobody')).toMatchObject({
      code: 1,
      err: 'doppel key create: there is no clone "nobody"',
    });
    expect(await run('list', 'nobody')).toMatchObject({
      code: 1,
      err: 'doppel key list: there is no clone "nobody"',
    });
    await seedClone(db, 'cleo');
    expect(await run('list', 'cleo')).toMatchObject({ code: 0, out: 'Clone "cleo" has no API keys.' });
  });
});
