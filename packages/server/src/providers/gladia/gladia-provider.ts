/**
 * @module Gladia live transcription for dictation (DESIGN §2, spec/calls.md §4, §7): the server
 * opens a live session (`POST {base}/v2/live` with the `x-gladia-key` header: 48 kHz mono 16-bit
 * PCM) and hands the browser only its WebSocket URL, whose temporary token is all the browser
 * needs; at the end the server reads the session's full transcript (`GET {base}/v2/live/{id}`).
 * The key never leaves the server. Unset: dictation uses the local recogniser (providers/speech).
 */
import { LIVE_SAMPLE_RATE } from '@doppel/protocol';
import { z } from 'zod';
import { optional, optionalUrl, setting } from '../../config/setting';
import { provider } from '../provider';

export const GLADIA_BASE_URL = 'https://api.gladia.io';
const TIMEOUT_MS = 10_000;

/** Who a session is for, kept by Gladia with it (`custom_metadata`) and checked when it is read. */
export interface LiveSessionOwner {
  clone: string;
  visitor: string;
}

export interface LiveSessionResult {
  owner: LiveSessionOwner | null;
  /** The full transcript, or null while Gladia is still processing the session. */
  transcript: string | null;
}

/** Live transcription sessions, one per voice memo. */
export interface LiveTranscription {
  /** A new session: its id and the WebSocket URL (with its temporary token) to stream to. */
  start(owner: LiveSessionOwner, language: string | null): Promise<{ id: string; url: string }>;
  /** The session `id`, or null when Gladia knows no such session. */
  result(id: string): Promise<LiveSessionResult | null>;
}

/** Gladia refused or could not be reached: its message, or the status and body it answered. */
export class GladiaError extends Error {}

export const gladiaProvider = provider({
  title: 'Dictation (Gladia live transcription)',
  concern: 'dictation (live transcription)',
  localDefault: 'the local recogniser (pocketsphinx, above)',
  real: 'Gladia live transcription (`/v2/live`): the browser streams 48 kHz audio to the session the server opened; any language Gladia hears',
  settings: {
    GLADIA_API_KEY: setting(
      optional,
      'unset: dictation uses the local recogniser',
      'Your Gladia API key (sent by the server only, as `x-gladia-key`).',
    ),
    GLADIA_BASE_URL: setting(
      optionalUrl,
      GLADIA_BASE_URL,
      "Gladia's API (the tests point it at a local double).",
    ),
  },
  read: (e) => ({
    apiKey: e.GLADIA_API_KEY ?? null,
    baseUrl: (e.GLADIA_BASE_URL ?? GLADIA_BASE_URL).replace(/\/+$/, ''),
  }),
  configured: (c) => c.apiKey !== null,
  offers: (c) => ({ dictation: c.apiKey !== null }),
  create: (c, _deps: Record<string, never>): LiveTranscription | null =>
    c.apiKey ? gladiaLive(c.baseUrl, c.apiKey) : null,
});

export type GladiaConfig = ReturnType<typeof gladiaProvider.read>;

/** POST /v2/live's answer (201). */
const InitResponse = z.object({ id: z.string().min(1), url: z.string().regex(/^wss?:\/\//) });
/** GET /v2/live/{id}'s answer: only what is read. */
const LiveJob = z.object({
  status: z.enum(['queued', 'processing', 'done', 'error']),
  custom_metadata: z.record(z.string(), z.unknown()).nullish(),
  result: z.object({ transcription: z.object({ full_transcript: z.string() }).nullish() }).nullish(),
});
const Owner = z.object({ clone: z.string(), visitor: z.string() });

export function gladiaLive(baseUrl: string, apiKey: string): LiveTranscription {
  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    try {
      return await fetch(`${baseUrl}${path}`, {
        ...init,
        headers: { 'x-gladia-key': apiKey, 'content-type': 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new GladiaError("Couldn't connect to Gladia server", { cause: error });
    }
  };
  return {
    async start(owner, language) {
      const response = await call('/v2/live', {
        method: 'POST',
        body: JSON.stringify({
          encoding: 'wav/pcm',
          bit_depth: 16,
          sample_rate: LIVE_SAMPLE_RATE,
          channels: 1,
          ...(language && { language_config: { languages: [language] } }),
          custom_metadata: owner,
          messages_config: { receive_partial_transcripts: true, receive_final_transcripts: true },
        }),
      });
      if (!response.ok) throw await failure(response);
      const parsed = InitResponse.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new GladiaError('Gladia answered POST /v2/live without an id and url');
      return parsed.data;
    },
    async result(id) {
      const response = await call(`/v2/live/${encodeURIComponent(id)}`);
      if (response.status === 404 || response.status === 400) return null;
      if (!response.ok) throw await failure(response);
      const job = LiveJob.safeParse(await response.json().catch(() => null));
      if (!job.success) throw new GladiaError(`Gladia answered GET /v2/live/${id} with an unknown shape`);
      const owner = Owner.safeParse(job.data.custom_metadata);
      return {
        owner: owner.success ? owner.data : null,
        transcript:
          job.data.status === 'done' ? (job.data.result?.transcription?.full_transcript ?? '') : null,
      };
    },
  };
}

/** spec/calls.md §8: the provider's own message, or its status and text. */
async function failure(response: Response): Promise<GladiaError> {
  const text = await response.text().catch(() => '');
  let message: string | null = null;
  try {
    const body: unknown = JSON.parse(text);
    const parsed = z.object({ message: z.string() }).safeParse(body);
    if (parsed.success) message = parsed.data.message;
  } catch {
    // Not JSON: the status and text say it.
  }
  return new GladiaError(message ?? `${response.status} ${text.slice(0, 200)}`.trim());
}

let namesToCodes: Map<string, string> | null = null;

/**
 * The ISO 639-1 code Gladia takes for a clone's language (`English`, `fr`, `pt-BR`), or null to
 * let Gladia detect it.
 */
export function gladiaLanguage(language: string): string | null {
  const value = language.trim().toLowerCase();
  if (/^[a-z]{2}(-[a-z0-9]+)?$/.test(value)) return value.slice(0, 2);
  if (!namesToCodes) {
    namesToCodes = new Map();
    const names = new Intl.DisplayNames(['en'], { type: 'language' });
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (const a of letters)
      for (const b of letters) {
        const name = names.of(`${a}${b}`);
        if (name && name !== `${a}${b}`) namesToCodes.set(name.toLowerCase(), `${a}${b}`);
      }
  }
  return namesToCodes.get(value) ?? null;
}
