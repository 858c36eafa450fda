import { describe, expect, it } from 'vitest';
import { allowlistFrameAncestors, embedAllowlist } from './embed-allowlist';

const A = 'https://a.example';
const B = 'https://b.example';
const C = 'https://c.example';

describe('embedAllowlist', () => {
  it('is any site when neither the clone nor the configuration lists one (today’s default)', () => {
    expect(embedAllowlist(null, [])).toBeNull();
    expect(allowlistFrameAncestors(null)).toBe('frame-ancestors *');
  });

  it('takes whichever list there is', () => {
    expect(embedAllowlist([A, B], [])).toEqual([A, B]);
    expect(embedAllowlist(null, [B, C])).toEqual([B, C]);
  });

  it('keeps only the sites both allow: a configuration narrows the clone’s list, never widens it', () => {
    expect(embedAllowlist([A, B], [B, C])).toEqual([B]);
    expect(embedAllowlist([A], [C])).toEqual([]);
    expect(allowlistFrameAncestors([])).toBe("frame-ancestors 'none'");
    expect(allowlistFrameAncestors([A, B])).toBe(`frame-ancestors ${A} ${B}`);
  });
});
