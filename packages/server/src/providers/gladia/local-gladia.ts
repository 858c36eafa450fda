/**
 * @module A local double of Gladia's live API for tests: one node:http server answering
 * `POST /v2/live` (the `x-gladia-key` header and the body checked as Gladia does: 401 / 400 with
 * its error shape), `GET /v2/live/{id}` (the job with its `custom_metadata` and, once the session
 * ended, `result.transcription.full_transcript`), and the session's WebSocket
 * (`/v2/live?token=…`): binary frames must be headerless 16-bit PCM (a `RIFF` header, an odd
 * length or a frame over Gladia's 1 MiB closes it with 4400; each is kept for the tests to check
 * the chunking), `{"type":"stop_recording"}` is
 * acknowledged, then the final transcripts, `post_final_transcript` and `end_session` are sent
 * and the socket closes with 1000 — Gladia's own message shapes throughout. What it "hears" is
 * scripted: `transcript` once a frame carries sound (partials as the audio comes in).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LIVE_SAMPLE_RATE } from '@doppel/protocol';
import { type WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
import { readJson } from '../tts/fake-tts-apis';

export const LOCAL_GLADIA_KEY = 'test-gladia-key';
/** Gladia's limit on one WebSocket frame (its SDK sends its buffer in 512 KiB pieces to stay under). */
const MAX_FRAME_BYTES = 1024 * 1024;

/** POST /v2/live's body as Gladia validates it (the fields this project sends). */
const InitRequest = z.object({
  encoding: z.enum(['wav/pcm', 'wav/alaw', 'wav/ulaw']),
  bit_depth: z.union([z.literal(8), z.literal(16), z.literal(24), z.literal(32)]),
  sample_rate: z.union([
    z.literal(8000),
    z.literal(16000),
    z.literal(32000),
    z.literal(44100),
    z.literal(48000),
  ]),
  channels: z.number().int().min(1).max(8),
  custom_metadata: z.record(z.string(), z.unknown()).optional(),
  language_config: z.object({ languages: z.array(z.string().regex(/^[a-z]{2,3}$/)) }).optional(),
  messages_config: z.record(z.string(), z.boolean()).optional(),
});
type InitRequest = z.infer<typeof InitRequest>;

/** One live session as the double keeps it. */
export interface LocalGladiaSession {
  id: string;
  request: InitRequest;
  /** Every audio frame received, in order (across reconnections). */
  frames: Buffer[];
  /** The text messages received. */
  messages: unknown[];
  /** How many WebSockets were opened for it. */
  connections: number;
  /** What was wrong with a frame or message (the socket was closed with 4400). */
  problems: string[];
  ended: boolean;
}

export interface LocalGladiaOptions {
  /** What the double hears in a session whose audio has sound ('' for silence). */
  transcript?: string;
  /** The full transcript GET /v2/live/{id} answers, when it differs from the live one. */
  fullTranscript?: string;
}

export interface LocalGladia {
  url: string;
  sessions: Map<string, LocalGladiaSession>;
  /** Every request's key header, in order. */
  keys: (string | undefined)[];
  /** Closes the open WebSockets as a dropped connection would (the session stays open). */
  drop(code?: number): void;
  options: LocalGladiaOptions;
  close(): Promise<void>;
}

const now = () => new Date().toISOString();
const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
/** Gladia's error body. */
const error = (res: ServerResponse, status: number, message: string, validation_errors: string[] = []) =>
  json(res, status, {
    timestamp: now(),
    path: '/v2/live',
    request_id: randomUUID(),
    statusCode: status,
    message,
    validation_errors,
  });

/** Root mean square of 16-bit little-endian PCM, 0..1. */
function loudness(pcm: Buffer): number {
  let sum = 0;
  const n = Math.floor(pcm.length / 2);
  for (let i = 0; i < n; i += 1) sum += (pcm.readInt16LE(i * 2) / 32768) ** 2;
  return n === 0 ? 0 : Math.sqrt(sum / n);
}

export async function startLocalGladia(options: LocalGladiaOptions = {}): Promise<LocalGladia> {
  const sessions = new Map<string, LocalGladiaSession>();
  const tokens = new Map<string, string>();
  const keys: (string | undefined)[] = [];
  const sockets = new Set<WebSocket>();
  const state = { options };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const key = req.headers['x-gladia-key'];
      keys.push(typeof key === 'string' ? key : undefined);
      if (key !== LOCAL_GLADIA_KEY) return error(res, 401, 'Invalid or missing x-gladia-key');
      if (req.method === 'POST' && url.pathname === '/v2/live') {
        const body = InitRequest.safeParse(await readJson(req));
        if (!body.success)
          return error(
            res,
            400,
            'Invalid body',
            body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
          );
        const id = randomUUID();
        const token = randomUUID();
        tokens.set(token, id);
        sessions.set(id, {
          id,
          request: body.data,
          frames: [],
          messages: [],
          connections: 0,
          problems: [],
          ended: false,
        });
        const { port } = server.address() as AddressInfo;
        return json(res, 201, {
          id,
          created_at: now(),
          url: `ws://127.0.0.1:${port}/v2/live?token=${token}`,
        });
      }
      const job = url.pathname.match(/^\/v2\/live\/([^/]+)$/);
      if (req.method === 'GET' && job) {
        const session = sessions.get(job[1] ?? '');
        if (!session) return error(res, 404, 'Job not found');
        const heard = spoken(session);
        return json(res, 200, {
          id: session.id,
          request_id: randomUUID(),
          version: 2,
          kind: 'live',
          status: session.ended ? 'done' : 'processing',
          created_at: now(),
          completed_at: session.ended ? now() : null,
          custom_metadata: session.request.custom_metadata ?? null,
          request_params: session.request,
          result: session.ended
            ? {
                metadata: { audio_duration: seconds(session), number_of_distinct_channels: 1 },
                transcription: {
                  full_transcript: heard ? (state.options.fullTranscript ?? heard) : '',
                  languages: ['en'],
                  utterances: [],
                },
              }
            : null,
        });
      }
      return error(res, 404, 'Not found');
    })();
  });

  const seconds = (session: LocalGladiaSession) =>
    session.frames.reduce((sum, frame) => sum + frame.length, 0) / 2 / session.request.sample_rate;
  /** The scripted transcript when some frame carried sound, else ''. */
  const spoken = (session: LocalGladiaSession) =>
    session.frames.some((frame) => loudness(frame) > 0.01) ? (state.options.transcript ?? '') : '';

  const sockets$ = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const id = tokens.get(url.searchParams.get('token') ?? '');
    const session = id ? sessions.get(id) : undefined;
    if (url.pathname !== '/v2/live' || !session || session.ended) {
      socket.end('HTTP/1.1 401 Unauthorized\r\n\r\n');
      return;
    }
    sockets$.handleUpgrade(req, socket, head, (ws) => attach(ws, session));
  });

  function attach(ws: WebSocket, session: LocalGladiaSession) {
    session.connections += 1;
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    const send = (message: Record<string, unknown>) =>
      ws.send(JSON.stringify({ session_id: session.id, created_at: now(), ...message }));
    const utterance = (text: string) => ({
      start: 0,
      end: seconds(session),
      confidence: 0.9,
      channel: 0,
      words: [],
      text,
      language: 'en',
    });
    const fail = (problem: string) => {
      session.problems.push(problem);
      ws.close(4400, problem);
    };
    const bytesPerSecond =
      session.request.sample_rate * (session.request.bit_depth / 8) * session.request.channels;
    ws.on('message', (data, binary) => {
      const bytes = Buffer.isBuffer(data)
        ? data
        : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]);
      if (binary) {
        if (bytes.subarray(0, 4).toString('ascii') === 'RIFF')
          return fail('audio frame starts with a WAV header');
        if (bytes.length === 0 || bytes.length % 2 !== 0)
          return fail(`audio frame of ${bytes.length} bytes is not 16-bit PCM`);
        if (bytes.length > MAX_FRAME_BYTES) return fail(`audio frame of ${bytes.length} bytes is over 1 MiB`);
        const from = session.frames.reduce((sum, frame) => sum + frame.length, 0);
        session.frames.push(bytes);
        if (session.request.messages_config?.receive_acknowledgments) {
          send({
            type: 'audio_chunk',
            acknowledged: true,
            error: null,
            data: {
              byte_range: [from, from + bytes.length],
              time_range: [from / bytesPerSecond, (from + bytes.length) / bytesPerSecond],
            },
          });
        }
        const heard = spoken(session);
        if (heard) {
          // A partial transcript grows with the audio: one more word a second.
          const words = heard.split(' ').slice(0, session.frames.length).join(' ');
          send({
            type: 'transcript',
            data: { id: `${session.id}-0`, is_final: false, utterance: utterance(words) },
          });
        }
        return;
      }
      let message: unknown;
      try {
        message = JSON.parse(bytes.toString('utf8'));
      } catch {
        return fail('text message is not JSON');
      }
      session.messages.push(message);
      const parsed = z.object({ type: z.literal('stop_recording') }).safeParse(message);
      if (!parsed.success) return fail(`unknown message ${bytes.toString('utf8').slice(0, 80)}`);
      send({
        type: 'stop_recording',
        acknowledged: true,
        error: null,
        data: { recording_duration: seconds(session), recording_left_to_process: 0 },
      });
      const heard = spoken(session);
      if (heard)
        send({
          type: 'transcript',
          data: { id: `${session.id}-0`, is_final: true, utterance: utterance(heard) },
        });
      send({ type: 'end_recording', data: { recording_duration: seconds(session) } });
      send({
        type: 'post_final_transcript',
        data: {
          metadata: { audio_duration: seconds(session) },
          transcription: { full_transcript: heard, languages: ['en'], utterances: [] },
        },
      });
      session.ended = true;
      send({ type: 'end_session' });
      ws.close(1000, 'Session ended');
    });
  }

  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    keys,
    options: state.options,
    drop(code = 1011) {
      for (const ws of sockets) ws.close(code, 'Connection dropped');
    },
    async close() {
      for (const ws of sockets) ws.terminate();
      sockets$.close();
      await new Promise<void>((closed) => server.close(() => closed()));
    },
  };
}

/** A second of 48 kHz 16-bit PCM (headerless): a 440 Hz tone, or silence. */
export function pcmSecond(tone: boolean): Buffer {
  const pcm = Buffer.alloc(LIVE_SAMPLE_RATE * 2);
  if (tone)
    for (let i = 0; i < LIVE_SAMPLE_RATE; i += 1)
      pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / LIVE_SAMPLE_RATE) * 8000), i * 2);
  return pcm;
}
