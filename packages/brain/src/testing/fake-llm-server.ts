/**
 * @module Test double of an OpenAI-compatible chat-completions endpoint on node:http, streaming
 * exactly as the real protocol does: `chat.completion.chunk` objects, the role delta first,
 * content deltas, a final chunk with `finish_reason`, then `data: [DONE]`. Non-streaming
 * requests get a `chat.completion` object.
 */
import { createServer, type IncomingMessage } from 'node:http';

export type FakeReply =
  | { pieces: string[]; delayMs?: number }
  | { status: number; body: string }
  /** Raw SSE text written as is (malformed streams). */
  | { raw: string };

export interface FakeLlm {
  baseUrl: string;
  /** Parsed JSON bodies of the requests received, and their authorization headers. */
  requests: { body: unknown; authorization: string | undefined }[];
  /** Resolves when a streaming response was closed by the client before it ended. */
  clientGone: Promise<void>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.from(chunk));
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeLlm(reply: (body: unknown) => FakeReply): Promise<FakeLlm> {
  const requests: FakeLlm['requests'] = [];
  let markGone: () => void = () => undefined;
  const clientGone = new Promise<void>((resolve) => {
    markGone = resolve;
  });
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const body = await readBody(req);
    requests.push({ body, authorization: req.headers.authorization });
    const answer = reply(body);
    if ('status' in answer) {
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if ('raw' in answer) {
      res.end(answer.raw);
      return;
    }
    const base = {
      id: 'chatcmpl-test',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model: 'test-model',
    };
    const send = (delta: object, finish: string | null) =>
      res.write(
        `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`,
      );
    let gone = false;
    res.on('close', () => {
      if (!res.writableEnded) {
        gone = true;
        markGone();
      }
    });
    send({ role: 'assistant', content: '' }, null);
    for (const piece of answer.pieces) {
      if (answer.delayMs) await sleep(answer.delayMs);
      if (gone) return;
      send({ content: piece }, null);
    }
    send({}, 'stop');
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null)
    throw new Error('the fake LLM is not listening on a port');
  const { port } = address;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    clientGone,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
