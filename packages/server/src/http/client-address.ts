/**
 * @module Who is on the other end of a request: the socket's address (from @hono/node-server's
 * `c.env.incoming`), or behind trusted proxies the X-Forwarded-For entry the first of them
 * wrote. Used for the per-IP limits and for the loopback-only developer outbox.
 */
import type { Context } from 'hono';

/** The address of the TCP peer, or null when the request did not come through node:http. */
export function socketAddress(c: Context): string | null {
  const env: unknown = c.env;
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return null;
  const incoming: unknown = env.incoming;
  if (typeof incoming !== 'object' || incoming === null || !('socket' in incoming)) return null;
  const socket: unknown = incoming.socket;
  if (typeof socket !== 'object' || socket === null || !('remoteAddress' in socket)) return null;
  return typeof socket.remoteAddress === 'string' ? socket.remoteAddress : null;
}

export interface ProxyTrust {
  /** The server stands behind reverse proxies of the operator's. */
  trustProxy: boolean;
  /** How many of them append to X-Forwarded-For. */
  proxyHops: number;
}

/**
 * The client's address for rate limits; 'unknown' when there is none (in-process requests).
 * Each proxy appends the address it saw, so the entries a client sends itself stand on the
 * left: behind `proxyHops` trusted proxies, the client is the entry that many from the right.
 */
export function clientIp(c: Context, proxy: ProxyTrust): string {
  if (proxy.trustProxy) {
    const entries = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    const written = entries[Math.max(0, entries.length - proxy.proxyHops)];
    if (written) return written;
  }
  return socketAddress(c) ?? 'unknown';
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * True only for a request made on this machine, straight to the server: the peer is a loopback
 * address, no proxy header says it was relayed for someone else (a reverse proxy on the same
 * host connects from loopback too), and the Host is a loopback name (a page on another site
 * cannot reach it through DNS rebinding).
 */
export function isDirectLoopbackRequest(c: Context): boolean {
  const peer = socketAddress(c);
  if (!peer || !isLoopbackAddress(peer)) return false;
  if (PROXY_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  const host = (c.req.header('host') ?? '').toLowerCase().replace(/:\d+$/, '');
  return LOOPBACK_HOSTS.has(host);
}
