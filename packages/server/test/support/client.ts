/**
 * @module A test client over `app.request` that behaves like one browser (or one embed): it
 * keeps the cookies the server sets, can send a bearer token or the visitor header, and says
 * which address it connects from (as @hono/node-server's `c.env.incoming` would).
 */
import type { Hono } from 'hono';

export interface ClientOptions {
  /** The peer address the server sees; default 127.0.0.1. */
  ip?: string;
  /** Keep and send cookies (a browser); false for a client that keeps none (curl). */
  cookies?: boolean;
  /** Sent with every request. */
  headers?: Record<string, string>;
}

export interface RequestOptions {
  method?: string;
  json?: unknown;
  /** A raw body (a recording, say) instead of JSON; give its Content-Type in `headers`. */
  body?: Buffer | string;
  headers?: Record<string, string>;
}

export class TestClient {
  readonly jar = new Map<string, string>();
  /** The Set-Cookie lines of the last answer. */
  lastSetCookie: string[] = [];

  constructor(
    readonly app: Hono,
    readonly options: ClientOptions = {},
  ) {}

  /** Env for the app: the socket address the route sees. */
  env(): { incoming: { socket: { remoteAddress: string } } } {
    return { incoming: { socket: { remoteAddress: this.options.ip ?? '127.0.0.1' } } };
  }

  async request(path: string, init: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = {
      host: 'localhost:3000',
      ...(init.json !== undefined && { 'content-type': 'application/json' }),
      ...this.options.headers,
      ...init.headers,
    };
    if (this.options.cookies !== false && this.jar.size > 0) {
      headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const res = await this.app.request(
      path,
      {
        method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
        headers,
        ...(init.json !== undefined && {
          body: typeof init.json === 'string' ? init.json : JSON.stringify(init.json),
        }),
        ...(init.body !== undefined && {
          body: typeof init.body === 'string' ? init.body : new Uint8Array(init.body),
        }),
      },
      this.env(),
    );
    this.lastSetCookie = res.headers.getSetCookie();
    if (this.options.cookies !== false) {
      for (const line of this.lastSetCookie) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        if (value === '' || /max-age=0\b/i.test(line)) this.jar.delete(name);
        else this.jar.set(name, value);
      }
    }
    return res;
  }

  get(path: string, headers?: Record<string, string>): Promise<Response> {
    return this.request(path, headers ? { headers } : {});
  }

  post(path: string, json: unknown = {}, headers?: Record<string, string>): Promise<Response> {
    return this.request(path, { method: 'POST', json, ...(headers && { headers }) });
  }

  patch(path: string, json: unknown): Promise<Response> {
    return this.request(path, { method: 'PATCH', json });
  }

  delete(path: string): Promise<Response> {
    return this.request(path, { method: 'DELETE' });
  }
}

/** The attributes of one Set-Cookie line, lower-cased names: `{name, value, httponly: '', ...}`. */
export function parseSetCookie(line: string): Record<string, string> {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const cookie: Record<string, string> = { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
  for (const attribute of attributes) {
    const at = attribute.indexOf('=');
    if (at < 0) cookie[attribute.toLowerCase()] = '';
    else cookie[attribute.slice(0, at).toLowerCase()] = attribute.slice(at + 1);
  }
  return cookie;
}
