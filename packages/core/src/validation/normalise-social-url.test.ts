import { describe, expect, it } from 'vitest';
import { normaliseSocialUrl } from './normalise-social-url';

describe('normaliseSocialUrl', () => {
  it('is null for empty, blank or missing values', () => {
    expect(normaliseSocialUrl('')).toBeNull();
    expect(normaliseSocialUrl('   ')).toBeNull();
    expect(normaliseSocialUrl(null)).toBeNull();
    expect(normaliseSocialUrl(undefined)).toBeNull();
  });

  it('prepends https:// to a website without a scheme', () => {
    expect(normaliseSocialUrl('example.com')).toEqual({ url: 'https://example.com', valid: true });
    expect(normaliseSocialUrl(' www.example.com/about ')).toEqual({
      url: 'https://www.example.com/about',
      valid: true,
    });
    expect(normaliseSocialUrl('localhost:3000')).toEqual({ url: 'https://localhost:3000', valid: true });
  });

  it('completes a protocol-relative link with https:', () => {
    expect(normaliseSocialUrl('//example.com/x')).toEqual({ url: 'https://example.com/x', valid: true });
  });

  it('keeps http and https links as written', () => {
    expect(normaliseSocialUrl('http://example.com')).toEqual({ url: 'http://example.com', valid: true });
    expect(normaliseSocialUrl('HTTPS://instagram.com/someone')).toEqual({
      url: 'HTTPS://instagram.com/someone',
      valid: true,
    });
  });

  it('returns the raw value, flagged, when it does not parse', () => {
    expect(normaliseSocialUrl('not a url')).toEqual({ url: 'not a url', valid: false });
    expect(normaliseSocialUrl('https://exa mple.com')).toEqual({ url: 'https://exa mple.com', valid: false });
    expect(normaliseSocialUrl('http://')).toEqual({ url: 'http://', valid: false });
  });

  it('never links other schemes', () => {
    expect(normaliseSocialUrl('javascript:alert(1)')).toEqual({ url: 'javascript:alert(1)', valid: false });
    expect(normaliseSocialUrl('ftp://files.example.com')).toEqual({
      url: 'ftp://files.example.com',
      valid: false,
    });
    expect(normaliseSocialUrl('data:text/html,hi')).toEqual({ url: 'data:text/html,hi', valid: false });
  });
});
