import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';
import { EmbedConfig, toEmbedConfig } from '../embed/embed-config';
import { findEmbedConfig } from '../store/embed-configs';
import { parseEmbedCommand } from './embed-commands';
import { type CliIo, runCli } from './run-cli';

function captureIo(): CliIo & { out_: string[]; err_: string[] } {
  const out_: string[] = [];
  const err_: string[] = [];
  return { out_, err_, out: (l) => out_.push(l), err: (l) => err_.push(l) };
}

const neverOpen = async (): Promise<{ db: Db; applied: string[] }> => {
  throw new Error('this command must not open the database');
};

describe('doppel embed: arguments', () => {
  it('reads create with every option, in either --name value or --name=value form', () => {
    expect(
      parseEmbedCommand([
        'create',
        'ada',
        '--id',
        'my-site',
        '--instance=workshop',
        '--origin',
        'https://A.example/',
        '--origin=http://127.0.0.1:3101',
        '--origin',
        'https://a.example',
        '--whitelabel',
        '--mode',
        'inline',
        '--auto-height',
        '--accent',
        '#5B3CC4',
        '--launcher=#fff',
        '--call-limit',
        '3',
      ]),
    ).toEqual({
      action: 'create',
      slug: 'ada',
      id: 'my-site',
      instance: 'workshop',
      origins: ['https://a.example', 'http://127.0.0.1:3101'],
      whitelabel: true,
      mode: 'inline',
      autoHeight: true,
      accent: '#5b3cc4',
      launcher: '#fff',
      callLimitSeconds: 180,
    });
    expect(parseEmbedCommand(['create', 'ada', '--call-limit=0.1'])).toMatchObject({ callLimitSeconds: 6 });
    expect(parseEmbedCommand(['create', 'ada'])).toEqual({
      action: 'create',
      slug: 'ada',
      origins: [],
      whitelabel: false,
    });
    expect(parseEmbedCommand(['list', 'ada'])).toEqual({ action: 'list', slug: 'ada' });
    expect(parseEmbedCommand(['delete', 'my-site'])).toEqual({ action: 'delete', id: 'my-site' });
  });

  it('says what is wrong', () => {
    const problems: [string[], RegExp][] = [
      [[], /create, list and delete/],
      [['show', 'ada'], /create, list and delete/],
      [['create'], /one clone slug/],
      [['create', 'ada', 'bob'], /one clone slug/],
      [['create', 'ada', '--id', 'No_Caps'], /3 to 64 lower-case letters/],
      [['create', 'ada', '--id', 'ab'], /3 to 64/],
      [['create', 'ada', '--id'], /--id needs a value/],
      [['create', 'ada', '--origin', 'https://example.com/page'], /not a site origin/],
      [['create', 'ada', '--origin', '*'], /not a site origin/],
      [['create', 'ada', '--mode', 'popup'], /bubble, inline or fullpage/],
      [['create', 'ada', '--accent', 'red'], /colour like #5b3cc4/],
      [['create', 'ada', '--whitelabel=yes'], /takes no value/],
      [['create', 'ada', '--colour', '#fff'], /unknown option "--colour"/],
      [['create', 'ada', '--call-limit', 'three'], /--call-limit takes minutes/],
      [['create', 'ada', '--call-limit', '0'], /--call-limit takes minutes/],
      [['create', 'ada', '--call-limit', '-3'], /--call-limit takes minutes/],
      [['create', 'ada', '--call-limit', '361'], /--call-limit takes minutes/],
      [['create', 'ada', '--call-limit', '0.001'], /--call-limit takes minutes/],
      [['create', 'ada', '--call-limit'], /--call-limit needs a value/],
      [['list'], /one clone slug/],
      [['delete'], /one embed configuration id/],
      [['delete', 'a', 'b'], /one embed configuration id/],
    ];
    for (const [args, problem] of problems) {
      const parsed = parseEmbedCommand(args);
      expect(typeof parsed, args.join(' ')).toBe('string');
      expect(parsed, args.join(' ')).toMatch(problem);
    }
  });

  it('answers usage problems with exit 2 without opening the database', async () => {
    const io = captureIo();
    expect(await runCli(['embed', 'create', 'ada', '--origin', 'nope'], io, { open: neverOpen })).toBe(2);
    expect(io.err_.join('\n')).toContain('doppel embed: "nope" is not a site origin');
    const help = captureIo();
    expect(await runCli(['help'], help, { open: neverOpen })).toBe(0);
    expect(help.out_.join('\n')).toContain('embed create SLUG');
  });
});

describe.each(testDatabases())('doppel embed on $name', ({ open }) => {
  let db: Db;
  // The CLI closes what it opened; the test keeps one database across commands.
  const keep = async () => ({ db: { ...db, close: async () => {} }, applied: [] });
  const config = () => testConfig({ publicUrl: 'https://doppel.example' });
  const run = async (...args: string[]) => {
    const io = captureIo();
    const code = await runCli(['embed', ...args], io, { open: keep, config });
    return { code, out: io.out_.join('\n'), err: io.err_.join('\n') };
  };

  beforeAll(async () => {
    db = await open();
    await seedClone(db, 'ada');
    await seedClone(db, 'bob');
  });
  afterAll(() => db.close());

  it('creates a config with a chosen id and prints it with the snippet to paste', async () => {
    const created = await run('create', 'ada', '--id', 'ada-blog', '--origin', 'https://blog.example/');
    expect(created).toMatchObject({ code: 0, err: '' });
    expect(created.out).toContain('Created embed configuration "ada-blog" for clone "ada".');
    expect(created.out).toContain('sites: https://blog.example');
    expect(created.out).toContain(
      // Named after the clone, so the launcher says whose chat it opens before the chat ever loaded.
      '<script src="https://doppel.example/embed.js" data-clone="ada" data-name="ada Lovelace" data-config="ada-blog" async></script>',
    );
    const row = await findEmbedConfig(db, 'ada-blog');
    if (!row) throw new Error('not stored');
    expect(toEmbedConfig(row)).toEqual({
      id: 'ada-blog',
      cloneSlug: 'ada',
      instanceSlug: null,
      allowedOrigins: ['https://blog.example'],
      whitelabel: { logo: true, googleButton: true, accountMenuItems: true },
      mode: { mode: 'bubble', autoHeight: false },
      colours: { accent: null, launcher: null },
      callLimitSeconds: null,
    });
  });

  it('stores a call limit given in minutes, and lists it', async () => {
    const created = await run('create', 'ada', '--id', 'ada-calls', '--call-limit', '3');
    expect(created).toMatchObject({ code: 0, err: '' });
    expect(created.out).toContain('call limit: 3 minutes a call');
    const row = await findEmbedConfig(db, 'ada-calls');
    expect(row && toEmbedConfig(row)).toMatchObject({ id: 'ada-calls', callLimitSeconds: 180 });
    // The database refuses what the CLI would never write.
    await expect(
      db.query("UPDATE embed_configs SET call_limit_seconds = 0 WHERE id = 'ada-calls'"),
    ).rejects.toThrow();
  });

  it('generates a 16-character unguessable id when none is given; whitelabel, instance, mode and colours', async () => {
    const created = await run(
      'create',
      'ada',
      '--instance',
      'workshop',
      '--whitelabel',
      '--mode',
      'inline',
      '--auto-height',
      '--accent',
      '#5b3cc4',
      '--launcher',
      '#222222',
    );
    expect(created.code).toBe(0);
    const id = /Created embed configuration "([a-z0-9]+)"/.exec(created.out)?.[1] ?? '';
    expect(id).toMatch(/^[a-z0-9]{16}$/);
    expect(created.out).toContain('sites: any site');
    expect(created.out).toContain('hidden: logo, Google button, account menu items');
    expect(created.out).toContain(
      `<div id="doppel-chat"></div>\n<script src="https://doppel.example/embed.js" data-clone="ada" ` +
        `data-name="Workshop edition" data-instance="workshop" data-config="${id}" data-mode="inline" data-target="#doppel-chat" ` +
        'data-auto-height async></script>\n<style>.doppel-launcher{background:#222222}</style>',
    );
    const row = await findEmbedConfig(db, id);
    expect(EmbedConfig.parse(row && toEmbedConfig(row))).toMatchObject({
      instanceSlug: 'workshop',
      allowedOrigins: [],
      whitelabel: { logo: false, googleButton: false, accountMenuItems: false },
      mode: { mode: 'inline', autoHeight: true },
      colours: { accent: '#5b3cc4', launcher: '#222222' },
    });
    const other = await run('create', 'ada');
    expect(/"([a-z0-9]{16})"/.exec(other.out)?.[1]).not.toBe(id);
  });

  it('refuses a taken id, an unknown clone and an unknown instance (exit 1), writing nothing', async () => {
    const taken = await run('create', 'bob', '--id', 'ada-blog');
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('the embed configuration "ada-blog" already exists');
    expect((await findEmbedConfig(db, 'ada-blog'))?.clone_slug).toBe('ada');
    const noClone = await run('create', 'nobody', '--id', 'nobody-1');
    expect(noClone).toMatchObject({ code: 1, err: 'doppel embed create: there is no clone "nobody"' });
    const noInstance = await run('create', 'bob', '--id', 'bob-1', '--instance', 'garage');
    expect(noInstance).toMatchObject({
      code: 1,
      err: 'doppel embed create: clone "bob" has no instance "garage"',
    });
    expect(await findEmbedConfig(db, 'nobody-1')).toBeNull();
    expect(await findEmbedConfig(db, 'bob-1')).toBeNull();
  });

  it('lists a clone’s configs, oldest first, and deletes one', async () => {
    await run(
      'create',
      'bob',
      '--id',
      'bob-shop',
      '--origin',
      'https://shop.example',
      '--origin',
      'https://www.shop.example',
    );
    const listed = await run('list', 'bob');
    expect(listed).toMatchObject({ code: 0, err: '' });
    expect(listed.out).toBe(
      'bob-shop\n  sites: https://shop.example, https://www.shop.example\n  hidden: nothing\n  mode: bubble',
    );
    expect((await run('list', 'ada')).out.match(/^\S+/gm)?.[0]).toBe('ada-blog');

    expect(await run('delete', 'bob-shop')).toMatchObject({
      code: 0,
      out: 'Deleted embed configuration "bob-shop".',
    });
    expect(await run('list', 'bob')).toMatchObject({
      code: 0,
      out: 'Clone "bob" has no embed configurations.',
    });
    expect(await run('delete', 'bob-shop')).toMatchObject({
      code: 1,
      err: 'doppel embed delete: there is no embed configuration "bob-shop"',
    });
    expect(await run('list', 'nobody')).toMatchObject({
      code: 1,
      err: 'doppel embed list: there is no clone "nobody"',
    });
  });

  it('says when the clone’s own list (clone.json embed.allowedOrigins) binds its configurations', async () => {
    await seedClone(db, 'cleo');
    await db.query(
      `UPDATE clones SET embed_allowed_origins = '["https://cleo.example"]' WHERE slug = 'cleo'`,
    );
    const note =
      'Clone "cleo" may be embedded only on https://cleo.example (clone.json); a configuration cannot allow other sites.';
    const created = await run('create', 'cleo', '--id', 'cleo-any');
    expect(created.out).toContain(`  mode: bubble\n${note}\n`);
    expect((await run('list', 'cleo')).out.split('\n').at(-1)).toBe(note);
  });

  it('imports the demo clone first when `embed create demo` runs before the first server start', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'doppel-demo-'));
    cpSync(join(import.meta.dirname, '../../test/fixtures/mini-clone'), folder, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(folder, 'clone.json'), 'utf8'));
    writeFileSync(join(folder, 'clone.json'), JSON.stringify({ ...manifest, slug: 'demo' }));
    const io = captureIo();
    const code = await runCli(
      ['embed', 'create', 'demo', '--id', 'e2e-allowed', '--origin', 'http://127.0.0.1:3101'],
      io,
      { open: keep, config: () => testConfig({ demoCloneDir: folder }) },
    );
    expect(code).toBe(0);
    expect(io.err_.join('\n')).toContain('importing the demo clone');
    expect(io.out_[0]).toBe('Created embed configuration "e2e-allowed" for clone "demo".');
    expect((await findEmbedConfig(db, 'e2e-allowed'))?.allowed_origins).toEqual(['http://127.0.0.1:3101']);
  });
});
