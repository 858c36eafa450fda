import { describe, expect, it } from 'vitest';
import { embedPageHref, readEmbedLocation } from './embed-location';

describe('embedPageHref', () => {
  it('leads to the chat or the call screen of the same clone and instance, with the same parent and configuration', () => {
    const where = readEmbedLocation('/embed/demo/bakery/call', '?parent=https%3A%2F%2Fh.example&config=c-1');
    if (!where) throw new Error('not an embed address');
    expect(embedPageHref(where, 'chat')).toBe('/embed/demo/bakery?parent=https%3A%2F%2Fh.example&config=c-1');
    const bare = { ...where, instanceSlug: null, parent: null, configId: null };
    expect(embedPageHref(bare, 'call')).toBe('/embed/demo/call');
    expect(embedPageHref({ ...bare, slug: 'a b', configId: 'c-2' }, 'call')).toBe(
      '/embed/a%20b/call?config=c-2',
    );
  });
});

describe('readEmbedLocation', () => {
  it('reads the clone, the parent origin and the configuration', () => {
    expect(readEmbedLocation('/embed/demo', '?parent=https%3A%2F%2Fhost.example&config=cfg-1')).toEqual({
      slug: 'demo',
      instanceSlug: null,
      page: 'chat',
      parent: 'https://host.example',
      configId: 'cfg-1',
    });
  });

  it('reads an instance, and a page under the clone or the instance', () => {
    expect(readEmbedLocation('/embed/demo/bakery', '')).toMatchObject({
      instanceSlug: 'bakery',
      page: 'chat',
    });
    expect(readEmbedLocation('/embed/demo/call', '')).toMatchObject({ instanceSlug: null, page: 'call' });
    expect(readEmbedLocation('/embed/demo/bakery/video', '')).toMatchObject({
      instanceSlug: 'bakery',
      page: 'video',
    });
    expect(readEmbedLocation('/embed/demo/overview/', '')).toMatchObject({ page: 'overview' });
    expect(readEmbedLocation('/embed/demo/talk', '')).toMatchObject({ instanceSlug: null, page: 'chat' });
    expect(readEmbedLocation('/embed/Caf%C3%A9', '')).toMatchObject({ slug: 'Café' });
  });

  it('is null off the embed route or for a malformed address', () => {
    for (const path of [
      '/',
      '/embed',
      '/embed/',
      '/demo/talk',
      '/embed/demo/bakery/nope',
      '/embed/demo/call/x',
    ]) {
      expect(readEmbedLocation(path, ''), path).toBeNull();
    }
    expect(readEmbedLocation('/embed/%E0%A4%A', '')).toBeNull();
  });

  it('has no parent or configuration when the query has none (or an unusable one)', () => {
    expect(readEmbedLocation('/embed/demo', '')).toMatchObject({ parent: null, configId: null });
    expect(readEmbedLocation('/embed/demo', `?config=${'x'.repeat(201)}&parent=`)).toMatchObject({
      parent: null,
      configId: null,
    });
  });
});
