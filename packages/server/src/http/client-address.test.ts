import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp, type ProxyTrust } from './client-address';

/** What `clientIp` reads for a request from `peer` carrying `forwarded` as X-Forwarded-For. */
async function seen(proxy: ProxyTrust, forwarded: string | null, peer = '10.0.0.2'): Promise<string> {
  const app = new Hono().get('/', (c) => c.text(clientIp(c, proxy)));
  const headers: Record<string, string> = forwarded === null ? {} : { 'x-forwarded-for': forwarded };
  const res = await app.request('/', { headers }, { incoming: { socket: { remoteAddress: peer } } });
  return res.text();
}

describe('clientIp', () => {
  it('reads the socket, and ignores X-Forwarded-For, when no proxy is trusted', async () => {
    expect(await seen({ trustProxy: false, proxyHops: 1 }, '198.51.100.7')).toBe('10.0.0.2');
  });

  it('takes the entry the trusted proxy wrote, not the ones the client sent before it', async () => {
    const one = { trustProxy: true, proxyHops: 1 };
    expect(await seen(one, '203.0.113.5')).toBe('203.0.113.5');
    // A client that sends its own X-Forwarded-For: the proxy appends the real address.
    expect(await seen(one, '1.2.3.4, 203.0.113.5')).toBe('203.0.113.5');
    expect(await seen(one, 'spoofed,  also-spoofed ,203.0.113.5')).toBe('203.0.113.5');
  });

  it('counts hops from the right behind several proxies', async () => {
    const two = { trustProxy: true, proxyHops: 2 };
    // client → CDN (writes the client) → load balancer (writes the CDN) → server
    expect(await seen(two, '1.2.3.4, 203.0.113.5, 198.51.100.1')).toBe('203.0.113.5');
    // Fewer entries than hops: the leftmost was still written by a trusted proxy.
    expect(await seen(two, '203.0.113.5')).toBe('203.0.113.5');
  });

  it('falls back to the socket when the header is missing or blank', async () => {
    expect(await seen({ trustProxy: true, proxyHops: 1 }, null)).toBe('10.0.0.2');
    expect(await seen({ trustProxy: true, proxyHops: 1 }, ' , ')).toBe('10.0.0.2');
  });
});
