/** @module Serves a Hono app on node:http; answers once it listens, with a way to stop it. */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

export interface Listening {
  /** The port it listens on (the real one when asked for port 0). */
  port: number;
  /** Stops accepting connections, ends idle ones, then cuts the rest after `graceMs`. */
  close(graceMs?: number): Promise<void>;
}

export function listen(app: Hono, port: number, hostname: string): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname }, (info: AddressInfo) => {
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
    });
    server.once('error', reject);
  });
}
