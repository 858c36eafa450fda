import { describe, expect, it } from 'vitest';
import { rewriteEmbedLink } from './rewrite-embed-link';

const main = 'https://doppel.example.com';
const signedIn = { mainOrigin: main, email: 'ada@example.com' };
const visitor = { mainOrigin: main };

describe('rewriteEmbedLink', () => {
  it.each([
    ['/demo/talk', '/'],
    ['/demo/bakery/talk', '/'],
    ['/demo/talk?message=hi', '/?message=hi'],
    ['/', '/'],
    ['', '/'],
  ])('a path ending in talk (or the root) becomes the chat: %j → %j', (link, path) => {
    expect(rewriteEmbedLink(link, visitor)).toEqual({ kind: 'embed', path });
  });

  it.each([
    ['/demo/call', '/call'],
    ['/demo/bakery/call', '/call'],
    ['/demo/video', '/video'],
    ['/demo/bakery/video?dial=true', '/video?dial=true'],
  ])('a path ending in call or video keeps only that: %j → %j', (link, path) => {
    expect(rewriteEmbedLink(link, visitor)).toEqual({ kind: 'embed', path });
  });

  it.each([
    ['/demo', '/overview'],
    ['/demo/bakery', '/overview'],
    ['/demo/#about', '/overview#about'],
  ])('one or two segments become the overview: %j → %j', (link, path) => {
    expect(rewriteEmbedLink(link, visitor)).toEqual({ kind: 'embed', path });
  });

  it.each(['profile', 'billing', 'actions'])(
    '/%s opens on the main site in a new tab, representing the signed-in user',
    (page) => {
      expect(rewriteEmbedLink(`/${page}`, signedIn)).toEqual({
        kind: 'newTab',
        url: `${main}/${page}?representing=ada%40example.com`,
      });
      expect(rewriteEmbedLink(`/${page}`, visitor)).toEqual({ kind: 'newTab', url: `${main}/${page}` });
      expect(rewriteEmbedLink(`/${page}`, { mainOrigin: main, email: null })).toEqual({
        kind: 'newTab',
        url: `${main}/${page}`,
      });
    },
  );

  it('keeps the query of an account page beside representing, replacing a forged representing', () => {
    expect(rewriteEmbedLink('/billing?tab=plans&representing=eve@example.com', signedIn)).toEqual({
      kind: 'newTab',
      url: `${main}/billing?tab=plans&representing=ada%40example.com`,
    });
  });

  it.each([
    ['/terms', `${main}/terms-of-use`],
    ['/terms-of-use', `${main}/terms-of-use`],
    ['/privacy', `${main}/privacy-policy`],
    ['/privacy-policy', `${main}/privacy-policy`],
    ['/privacy-policy#cookies', `${main}/privacy-policy#cookies`],
  ])('legal pages open on the main site in a new tab: %j', (link, url) => {
    expect(rewriteEmbedLink(link, signedIn)).toEqual({ kind: 'newTab', url });
  });

  it('takes the main origin with or without a trailing slash', () => {
    expect(rewriteEmbedLink('/terms', { mainOrigin: `${main}/` })).toEqual({
      kind: 'newTab',
      url: `${main}/terms-of-use`,
    });
  });

  it('opens anything longer on the main site in a new tab', () => {
    expect(rewriteEmbedLink('/demo/talk/conversation/c-1', visitor)).toEqual({
      kind: 'newTab',
      url: `${main}/demo/talk/conversation/c-1`,
    });
    expect(rewriteEmbedLink('/studio/demo/build/questions', visitor)).toEqual({
      kind: 'newTab',
      url: `${main}/studio/demo/build/questions`,
    });
  });

  it('rewrites absolute links of the main site like paths, and leaves other sites alone', () => {
    expect(rewriteEmbedLink(`${main}/demo/talk`, visitor)).toEqual({ kind: 'embed', path: '/' });
    expect(rewriteEmbedLink(`${main}/profile`, signedIn)).toEqual({
      kind: 'newTab',
      url: `${main}/profile?representing=ada%40example.com`,
    });
    expect(rewriteEmbedLink('https://elsewhere.example/profile', signedIn)).toEqual({
      kind: 'newTab',
      url: 'https://elsewhere.example/profile',
    });
    expect(rewriteEmbedLink('mailto:ada@example.com', signedIn)).toEqual({
      kind: 'newTab',
      url: 'mailto:ada@example.com',
    });
  });
});
