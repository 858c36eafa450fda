import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '.';

const app = new Hono();
app.use('*', securityHeaders());
app.get('/page', (c) => c.html('<p>hi</p>'));
app.get('/data', (c) => c.json({ ok: true }));

describe('securityHeaders', () => {
  it('adds nosniff and a referrer policy to HTML', async () => {
    const res = await app.request('/page');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('adds nosniff to everything else, without a referrer policy', async () => {
    const res = await app.request('/data');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeNull();
  });
});
