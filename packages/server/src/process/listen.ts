/** @module Serves a Hono app on node:http; answers once it listens, with a way to stop it. */
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from '../config/server-settings';

export interface Listening {
  /** The port it listens on (the real one when asked for port 0). */
  port: number;
  /** Stops accepting connections, ends idle ones, then cuts the rest after `graceMs`. */
  close(graceMs?: number): Promise<void>;
}

/**
 * How often Node looks for connections past their headers or request timeout (its default, 30 s,
 * would let a slow client stay that much longer than the timeout says).
 */
const checkingInterval = (t: HttpTimeouts): number =>
  Math.max(50, Math.min(5_000, Math.floor(Math.min(t.headersMs, t.requestMs) / 4)));

export function listen(
  app: Hono,
  port: number,
  hostname: string,
  timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS,
  /** Takes a WebSocket upgrade (the voice call's); false, or none given: refused. */
  upgrade?: (request: IncomingMessage, socket: Duplex, head: Buffer) => boolean,
): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch: app.fetch,
        port,
        hostname,
        serverOptions: {
          headersTimeout: timeouts.headersMs,
          requestTimeout: timeouts.requestMs,
          keepAliveTimeout: timeouts.keepAliveMs,
          connectionsCheckingInterval: checkingInterval(timeouts),
        },
      },
      (info: AddressInfo) => {
        server.off('error', reject);
        resolve({
          port: info.port,
          close: (graceMs = 2_000) =>
            new Promise<void>((done) => {
              const force = setTimeout(() => {
                if ('closeAllConnections' in server) server.closeAllConnections();
              }, graceMs);
              force.unref();
              server.close(() => {
                clearTimeout(force);
                done();
              });
              if ('closeIdleConnections' in server) server.closeIdleConnections();
            }),
        });
      },
    );
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (!upgrade?.(request, socket, head)) socket.destroy();
    });
    server.once('error', reject);
  });
}
