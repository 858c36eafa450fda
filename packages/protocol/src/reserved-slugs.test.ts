import { describe, expect, it } from 'vitest';
import { isReservedSlug, RESERVED_SLUG_OWNERS, RESERVED_SLUGS } from './reserved-slugs';

describe('RESERVED_SLUGS', () => {
  it('holds the server-owned segments and every top-level page of the site', () => {
    expect([...RESERVED_SLUGS].sort()).toEqual(
      [
        'actions',
        'api',
        'assets',
        'billing',
        'embed',
        'explore',
        'memberships',
        'privacy-policy',
        'profile',
        'studio',
        'terms-of-use',
      ].sort(),
    );
    expect(RESERVED_SLUG_OWNERS.api).toBe('server');
    expect(RESERVED_SLUG_OWNERS.explore).toBe('site');
  });

  it('answers whether a segment is taken, and nothing inherited counts', () => {
    expect(isReservedSlug('explore')).toBe(true);
    expect(isReservedSlug('demo')).toBe(false);
    expect(isReservedSlug('constructor')).toBe(false);
    expect(isReservedSlug('toString')).toBe(false);
  });
});
