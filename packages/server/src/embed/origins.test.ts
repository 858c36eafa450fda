import { describe, expect, it } from 'vitest';
import { ANY_ANCESTOR, frameAncestors, normaliseOrigin } from './origins';

describe('normaliseOrigin', () => {
  it('answers the origin as a browser serialises it', () => {
    expect(normaliseOrigin('https://example.com')).toBe('https://example.com');
    expect(normaliseOrigin('https://example.com/')).toBe('https://example.com');
    expect(normaliseOrigin('  HTTPS://Example.COM  ')).toBe('https://example.com');
    expect(normaliseOrigin('https://example.com:443')).toBe('https://example.com');
    expect(normaliseOrigin('http://example.com:80/')).toBe('http://example.com');
    expect(normaliseOrigin('http://127.0.0.1:3101')).toBe('http://127.0.0.1:3101');
    expect(normaliseOrigin('http://localhost:3001')).toBe('http://localhost:3001');
    expect(normaliseOrigin('https://bücher.example')).toBe('https://xn--bcher-kva.example');
  });

  it('refuses what is not an http(s) origin', () => {
    for (const bad of [
      '',
      'example.com',
      '//example.com',
      'ftp://example.com',
      'javascript:alert(1)',
      'file:///tmp/page.html',
      'null',
      '*',
      'https://*.example.com',
      'https://example.com/page',
      'https://example.com?x=1',
      'https://example.com/?',
      'https://example.com#top',
      'https://user:pw@example.com',
      'https://[::1]:3000',
      'https://exa mple.com',
      'https://example.com; script-src *',
      'https://example.com https://evil.example',
    ]) {
      expect(normaliseOrigin(bad), bad).toBeNull();
    }
  });
});

describe('frameAncestors', () => {
  it('lists the allowed origins, or any site when there are none', () => {
    expect(frameAncestors([])).toBe(ANY_ANCESTOR);
    expect(ANY_ANCESTOR).toBe('frame-ancestors *');
    expect(frameAncestors(['https://a.example', 'http://127.0.0.1:3101'])).toBe(
      'frame-ancestors https://a.example http://127.0.0.1:3101',
    );
  });
});
