/**
 * @module A local double of the three TTS services for tests: one node:http server that answers
 * ElevenLabs' `POST /v1/text-to-speech/{voice_id}`, Cartesia's `POST /tts/bytes` and OpenAI's
 * `POST /v1/audio/speech` as those APIs do — checking the key header, the version header and the
 * body's fields first (401 / 400 with the services' own kinds of error otherwise).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_TTS_KEY = 'test-tts-key';
/** What the double answers: the start of an MP3 frame and the service's name. */
export const fakeAudio = (service: string) =>
  Buffer.concat([Buffer.from([0xff, 0xf3, 0x44, 0xc4]), Buffer.from(service)]);

export interface FakeTtsRequest {
  service: '11labs' | 'cartesia' | 'openai';
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** The request body as JSON (null when it is not). */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.from(chunk));
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return null;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const nonEmpty = (v: unknown): boolean => typeof v === 'string' && v.trim() !== '';

/** Whether the body has what the service requires; the reason when it does not. */
function problem(service: FakeTtsRequest['service'], body: unknown): string | null {
  if (!isRecord(body)) return 'body must be JSON';
  if (service === '11labs') return nonEmpty(body.text) ? null : 'text is required';
  if (service === 'openai') {
    return nonEmpty(body.model) && nonEmpty(body.input) && nonEmpty(body.voice)
      ? null
      : 'model, input and voice are required';
  }
  const voice = body.voice;
  const format = body.output_format;
  if (!nonEmpty(body.model_id) || !nonEmpty(body.transcript)) return 'model_id and transcript are required';
  if (!isRecord(voice) || voice.mode !== 'id' || !nonEmpty(voice.id)) return 'voice must be {mode: "id", id}';
  if (!isRecord(format) || !nonEmpty(format.container) || typeof format.sample_rate !== 'number')
    return 'output_format needs container and sample_rate';
  if (format.container === 'mp3' && typeof format.bit_rate !== 'number') return 'mp3 needs bit_rate';
  return null;
}

export async function startFakeTtsApis() {
  const requests: FakeTtsRequest[] = [];
  const server = createServer(async (req, res) => {
    const path = req.url ?? '/';
    const body = await readJson(req);
    const service: FakeTtsRequest['service'] | null =
      req.method !== 'POST'
        ? null
        : /^\/v1\/text-to-speech\/[^/?]+(\?|$)/.test(path)
          ? '11labs'
          : path === '/tts/bytes'
            ? 'cartesia'
            : path === '/v1/audio/speech'
              ? 'openai'
              : null;
    if (!service) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}');
      return;
    }
    requests.push({ service, path, headers: req.headers, body });
    const key =
      service === '11labs'
        ? req.headers['xi-api-key']
        : service === 'cartesia'
          ? req.headers['x-api-key']
          : req.headers.authorization?.replace(/^Bearer /, '');
    if (key !== FAKE_TTS_KEY) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"detail":"invalid api key"}');
      return;
    }
    if (service === 'cartesia' && !req.headers['cartesia-version']) {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"Cartesia-Version required"}');
      return;
    }
    const wrong = problem(service, body);
    if (wrong) {
      res.writeHead(422, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: wrong }));
      return;
    }
    res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(fakeAudio(service));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
