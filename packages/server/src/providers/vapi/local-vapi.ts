/**
 * @module A local double of Vapi's API for tests: `POST /call/web` (the `Authorization: Bearer`
 * key checked — Vapi takes the private or the public key there — and the body checked as Vapi's
 * validation does: 401 / 400 in its error shape `{message, error, statusCode}`), `GET /call/{id}`
 * (private key only), and Vapi's side of the end: `endCall` posts the end-of-call report to the
 * assistant's `server.url` with the assistant's `server.headers`, as Vapi does.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { z } from 'zod';
import { listenLocally, readRequestText } from '../local-double';

export const LOCAL_VAPI_PRIVATE_KEY = 'a1b2c3d4-0000-4000-8000-00000000priv';
export const LOCAL_VAPI_PUBLIC_KEY = 'a1b2c3d4-0000-4000-8000-000000000pub';
export const LOCAL_VAPI_ORG = 'f0e1d2c3-0000-4000-8000-000000000org';

const range = (min: number, max: number) => z.number().min(min).max(max).optional();
/** The parts of CreateAssistantDTO Vapi validates that the server's assistant uses. */
const Assistant = z
  .object({
    name: z.string().max(40).optional(),
    transcriber: z.discriminatedUnion('provider', [
      z
        .object({
          provider: z.literal('deepgram'),
          model: z.string().optional(),
          language: z.string().optional(),
        })
        .loose(),
      z
        .object({ provider: z.literal('cartesia'), model: z.enum(['ink-whisper', 'ink-2']).optional() })
        .loose(),
      z.object({ provider: z.literal('talkscriber') }).loose(),
    ]),
    model: z
      .object({
        provider: z.string(),
        model: z.string().min(1),
        url: z.url().optional(),
        headers: z.record(z.string(), z.string()).optional(),
        timeoutSeconds: range(20, 600),
      })
      .loose(),
    voice: z
      .object({
        provider: z.enum(['11labs', 'openai', 'cartesia', 'playht', 'azure', 'deepgram', 'vapi']),
        voiceId: z.string().min(1),
        optimizeStreamingLatency: range(0, 4),
        enableSsmlParsing: z.boolean().optional(),
        fallbackPlan: z
          .object({ voices: z.array(z.object({ provider: z.string(), voiceId: z.string() }).loose()) })
          .optional(),
      })
      .loose(),
    silenceTimeoutSeconds: range(10, 3600),
    maxDurationSeconds: range(10, 43_200),
    server: z
      .object({ url: z.url(), headers: z.record(z.string(), z.string()).optional() })
      .loose()
      .optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();
const CreateWebCall = z.union([
  z.object({ assistant: Assistant }).loose(),
  z.object({ assistantId: z.string().min(1) }).loose(),
]);

export interface LocalVapiCall {
  id: string;
  /** Which key started it. */
  key: 'private' | 'public';
  assistant: z.infer<typeof Assistant> | null;
  body: unknown;
  createdAt: string;
}

export interface LocalVapi {
  url: string;
  calls: Map<string, LocalVapiCall>;
  /** Vapi's end of call: posts the end-of-call report to the assistant's server; answers its status. */
  endCall(
    id: string,
    report: { seconds: number; messages: { role: 'user' | 'bot'; message: string }[]; recordingUrl?: string },
  ): Promise<number>;
  close(): Promise<void>;
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};
const refuse = (res: ServerResponse, status: 400 | 401 | 404, message: string | string[]) =>
  send(res, status, {
    message,
    error: { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found' }[status],
    statusCode: status,
  });

/** The end-of-call report Vapi posts (ServerMessageEndOfCallReport, in `{message}`). */
export function endOfCallReport(
  call: LocalVapiCall,
  report: { seconds: number; messages: { role: 'user' | 'bot'; message: string }[]; recordingUrl?: string },
) {
  const started = Date.parse(call.createdAt) + 1000;
  const ended = started + report.seconds * 1000;
  let offset = 0;
  const messages = report.messages.map((m) => {
    const time = started + offset * 1000;
    offset += 2;
    return { role: m.role, message: m.message, time, endTime: time + 1500, secondsFromStart: offset - 2 };
  });
  const recordingUrl = report.recordingUrl ?? `https://storage.vapi.ai/${call.id}-mono.wav`;
  return {
    message: {
      type: 'end-of-call-report',
      timestamp: ended,
      endedReason: 'customer-ended-call',
      startedAt: new Date(started).toISOString(),
      endedAt: new Date(ended).toISOString(),
      durationSeconds: report.seconds,
      artifact: {
        messages,
        transcript: report.messages
          .map((m) => `${m.role === 'bot' ? 'AI' : 'User'}: ${m.message}`)
          .join('\n'),
        recordingUrl,
        recording: { mono: { combinedUrl: recordingUrl } },
      },
      analysis: {},
      assistant: call.assistant,
      call: {
        id: call.id,
        orgId: LOCAL_VAPI_ORG,
        type: 'webCall',
        status: 'ended',
        createdAt: call.createdAt,
        updatedAt: new Date(ended).toISOString(),
        assistant: call.assistant,
      },
    },
  };
}

export async function startLocalVapi(): Promise<LocalVapi> {
  const calls = new Map<string, LocalVapiCall>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const key =
      token === LOCAL_VAPI_PRIVATE_KEY ? 'private' : token === LOCAL_VAPI_PUBLIC_KEY ? 'public' : null;
    if (!key)
      return refuse(
        res,
        401,
        'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.',
      );
    if (req.method === 'POST' && url.pathname === '/call/web') {
      let body: unknown;
      try {
        body = JSON.parse(await readRequestText(req));
      } catch {
        return refuse(res, 400, 'Unexpected token in JSON');
      }
      const parsed = CreateWebCall.safeParse(body);
      if (!parsed.success)
        return refuse(
          res,
          400,
          parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`),
        );
      const id = randomUUID();
      const createdAt = new Date().toISOString();
      const assistant = 'assistant' in parsed.data ? Assistant.parse(parsed.data.assistant) : null;
      calls.set(id, { id, key, assistant, body, createdAt });
      return send(res, 201, {
        id,
        orgId: LOCAL_VAPI_ORG,
        type: 'webCall',
        status: 'queued',
        createdAt,
        updatedAt: createdAt,
        assistant,
        webCallUrl: `https://vapi.daily.co/${id.replaceAll('-', '').slice(0, 20)}`,
        artifactPlan: { videoRecordingEnabled: false },
        transport: { provider: 'daily', assistantVideoEnabled: false },
      });
    }
    const one = /^\/call\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && one && key === 'private') {
      const call = calls.get(decodeURIComponent(one[1] ?? ''));
      if (!call) return refuse(res, 404, 'Call not found');
      return send(res, 200, {
        id: call.id,
        orgId: LOCAL_VAPI_ORG,
        type: 'webCall',
        assistant: call.assistant,
      });
    }
    return refuse(res, 404, `Cannot ${req.method} ${url.pathname}`);
  });
  const { url, close } = await listenLocally(server);
  return {
    url,
    calls,
    async endCall(id, report) {
      const call = calls.get(id);
      const target = call?.assistant?.server;
      if (!call || !target) throw new Error(`no call ${id} with a server to report to`);
      const response = await fetch(target.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...target.headers },
        body: JSON.stringify(endOfCallReport(call, report)),
      });
      return response.status;
    },
    close,
  };
}
