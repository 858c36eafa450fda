/** @module What the providers' local doubles (the tests' stand-ins for outside APIs) share. */
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The request's body as text. */
export async function readRequestText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** Listens on a free loopback port; answers the base URL and a close function. */
export async function listenLocally(server: Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
