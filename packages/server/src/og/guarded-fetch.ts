/**
 * @module Fetching a page or an image some answer cited, on the server's behalf (issue 10 §8),
 * without letting a URL reach what the server can reach: only http(s), only public addresses —
 * checked at connect time, on the address actually dialled, so DNS rebinding cannot slip
 * through — redirects followed by hand and checked again, a timeout and a size cap.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Addresses no fetch of a cited URL may reach: this machine, private networks, link-local… */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/** True for an address a cited URL may reach. IPv4-mapped IPv6 addresses are read as IPv4. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip);
  if (family === 0) return false;
  return !PRIVATE.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

export class FetchRefused extends Error {}

export interface GuardedFetchOptions {
  /** `host:port` pairs allowed on private addresses (OG_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  /** Redirects followed at most. */
  maxRedirects?: number;
  accept: string;
}

export interface Fetched {
  url: string;
  contentType: string;
  body: Buffer;
}

const hostKey = (url: URL): string =>
  `${url.hostname.replace(/^\[|\]$/g, '')}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`.toLowerCase();

/** A DNS lookup that refuses private addresses, unless the host is allowed. */
function guardedLookup(allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = (addresses as LookupAddress[]).filter((a) => allowed || isPublicAddress(a.address));
      const first = list[0];
      if (!first) return callback(new FetchRefused(`${hostname} resolves to a private address`), '', 0);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, first.address, first.family);
    });
  };
}

function once(url: URL, options: GuardedFetchOptions): Promise<IncomingMessage> {
  const allowed = options.allowedHosts.includes(hostKey(url));
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !allowed && !isPublicAddress(literal)) {
    return Promise.reject(new FetchRefused(`${literal} is a private address`));
  }
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'GET',
        lookup: guardedLookup(allowed),
        headers: {
          accept: options.accept,
          'user-agent': 'DoppelPreview/1.0 (+link previews of cited pages)',
        },
        timeout: options.timeoutMs,
      },
      resolve,
    );
    req.on('timeout', () => req.destroy(new FetchRefused('timed out')));
    req.on('error', reject);
    req.end();
  });
}

/** GETs `address` (http or https), following redirects, within the options' limits. */
export async function guardedFetch(address: string, options: GuardedFetchOptions): Promise<Fetched> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchRefused('not a URL');
  }
  const deadline = Date.now() + options.timeoutMs;
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('not http(s)');
    if (url.username || url.password) throw new FetchRefused('credentials in the URL');
    const res = await once(url, { ...options, timeoutMs: Math.max(1, deadline - Date.now()) });
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      url = new URL(res.headers.location, url);
      continue;
    }
    if (status !== 200) {
      res.resume();
      throw new FetchRefused(`answered ${status}`);
    }
    const declared = Number(res.headers['content-length'] ?? 0);
    if (declared > options.maxBytes) {
      res.destroy();
      throw new FetchRefused('too large');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(
      () => res.destroy(new FetchRefused('timed out')),
      Math.max(1, deadline - Date.now()),
    );
    try {
      for await (const chunk of res) {
        size += (chunk as Buffer).length;
        if (size > options.maxBytes) {
          res.destroy();
          throw new FetchRefused('too large');
        }
        chunks.push(chunk as Buffer);
      }
    } finally {
      clearTimeout(timer);
    }
    return {
      url: url.toString(),
      contentType: String(res.headers['content-type'] ?? ''),
      body: Buffer.concat(chunks),
    };
  }
  throw new FetchRefused('too many redirects');
}
