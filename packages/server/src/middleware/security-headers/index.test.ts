import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '.';

const app = new Hono();
app.use('*', securityHeaders());
app.get('/page', (c) => c.html('<p>hi</p>'));
app.get('/data', (c) => c.json({ ok: true }));
app.get('/embed', (c) => c.html('<p>chat</p>', 200, { 'Content-Security-Policy': 'frame-ancestors *' }));

describe('securityHeaders', () => {
  it('adds nosniff and a referrer policy to HTML', async () => {
    const res = await app.request('/page');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('keeps other sites from framing HTML: frame-ancestors self, X-Frame-Options for older browsers', async () => {
    const res = await app.request('/page');
    expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('leaves the framing of a page that set its own policy (the embed) alone', async () => {
    const res = await app.request('/embed');
    expect(res.headers.get('content-security-policy')).toBe('frame-ancestors *');
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('adds nosniff to everything else, without a referrer policy or framing rules', async () => {
    const res = await app.request('/data');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeNull();
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('x-frame-options')).toBeNull();
  });
});
