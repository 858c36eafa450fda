/**
 * @module Browser voice calls on Vapi (DESIGN §2, spec/calls.md §7) when all three keys are set:
 * the server starts each call itself (`POST {base}/call/web` with the private key, the call's
 * assistant built by vapi-assistant.ts), so the brain's key and the webhook secret never reach
 * the browser; the app joins the call's room with `@vapi-ai/web` (`reconnect`, constructed with
 * the public key). Vapi calls the brain (`/api/openai/v1/vapi/chat/completions`) and, at the end,
 * POST /api/webhooks/vapi with the secret. Unset: the local pipeline (providers/speech).
 */
import { z } from 'zod';
import { ConfigError } from '../../config/config-error';
import { optional, optionalUrl, setting } from '../../config/setting';
import { provider } from '../provider';

export const VAPI_BASE_URL = 'https://api.vapi.ai';
const TIMEOUT_MS = 15_000;

/** What POST /call/web answers (Vapi's Call): only what is read. */
export const VapiWebCall = z.object({
  id: z.string().min(1),
  webCallUrl: z.url(),
  artifactPlan: z.object({ videoRecordingEnabled: z.boolean().optional() }).partial().nullish(),
  assistant: z
    .object({ voice: z.object({ provider: z.string().optional() }).partial().nullish() })
    .partial()
    .nullish(),
});
export type VapiWebCall = z.infer<typeof VapiWebCall>;

/** Vapi for this deployment. */
export interface VapiCalls {
  /** The key the browser's SDK is constructed with (public by design). */
  publicKey: string;
  /** Vapi's API, for the browser's SDK. */
  baseUrl: string;
  /** The secret Vapi sends as `X-Vapi-Secret` on the end-of-call webhook. */
  webhookSecret: string;
  /** Starts a web call with a transient assistant. */
  createWebCall(assistant: Record<string, unknown>): Promise<VapiWebCall>;
}

/** Vapi refused or could not be reached: its message, or the status it answered. */
export class VapiError extends Error {}

export const vapiProvider = provider({
  title: 'Voice calls (Vapi)',
  concern: 'voice call',
  localDefault: 'the local pipeline (pocketsphinx and espeak-ng, above)',
  real: 'Vapi (`@vapi-ai/web` in the browser): the server starts each call with its assistant; the brain is its custom LLM; the end-of-call webhook stores the transcript, the recording and the seconds',
  settings: {
    VAPI_PRIVATE_KEY: setting(
      optional,
      'unset: calls use the local pipeline',
      'Your Vapi private key: the server starts calls with it (never sent to a browser).',
    ),
    VAPI_PUBLIC_KEY: setting(
      optional,
      'unset',
      'Your Vapi public key: the browser SDK is constructed with it.',
    ),
    VAPI_SERVER_SECRET: setting(
      optional,
      'unset',
      'The secret Vapi sends as `X-Vapi-Secret` to POST /api/webhooks/vapi (anything long and random).',
    ),
    VAPI_BASE_URL: setting(optionalUrl, VAPI_BASE_URL, "Vapi's API (the tests point it at a local double)."),
  },
  read: (e) => {
    const keys = [e.VAPI_PRIVATE_KEY, e.VAPI_PUBLIC_KEY, e.VAPI_SERVER_SECRET];
    const set = keys.filter((k) => k !== undefined).length;
    if (set > 0 && set < keys.length)
      throw new ConfigError(
        'Invalid environment: VAPI_PRIVATE_KEY, VAPI_PUBLIC_KEY and VAPI_SERVER_SECRET are set together or not at all',
      );
    return {
      privateKey: e.VAPI_PRIVATE_KEY ?? null,
      publicKey: e.VAPI_PUBLIC_KEY ?? null,
      serverSecret: e.VAPI_SERVER_SECRET ?? null,
      baseUrl: (e.VAPI_BASE_URL ?? VAPI_BASE_URL).replace(/\/+$/, ''),
    };
  },
  configured: (c) => c.privateKey !== null,
  offers: (c) => ({ voiceCall: c.privateKey !== null, voiceLanguages: c.privateKey !== null }),
  create: (c, _deps: Record<string, never>): VapiCalls | null =>
    c.privateKey && c.publicKey && c.serverSecret
      ? vapiCalls({
          baseUrl: c.baseUrl,
          privateKey: c.privateKey,
          publicKey: c.publicKey,
          webhookSecret: c.serverSecret,
        })
      : null,
});

export type VapiConfig = ReturnType<typeof vapiProvider.read>;

export function vapiCalls(options: {
  baseUrl: string;
  privateKey: string;
  publicKey: string;
  webhookSecret: string;
}): VapiCalls {
  return {
    publicKey: options.publicKey,
    baseUrl: options.baseUrl,
    webhookSecret: options.webhookSecret,
    async createWebCall(assistant) {
      let response: Response;
      try {
        response = await fetch(`${options.baseUrl}/call/web`, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.privateKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ assistant }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new VapiError("Couldn't connect to Vapi", { cause: error });
      }
      const text = await response.text();
      if (!response.ok) throw new VapiError(vapiMessage(text) ?? `Vapi answered ${response.status}`);
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: refused below
      }
      const call = VapiWebCall.safeParse(body);
      if (!call.success) throw new VapiError('Vapi answered POST /call/web without a call id and webCallUrl');
      return call.data;
    },
  };
}

/** Vapi's error body: `{"message": string | string[], "error": ..., "statusCode": n}`. */
function vapiMessage(text: string): string | null {
  try {
    const parsed = z
      .object({ message: z.union([z.string(), z.array(z.string())]) })
      .safeParse(JSON.parse(text));
    if (!parsed.success) return null;
    return Array.isArray(parsed.data.message) ? parsed.data.message.join('; ') : parsed.data.message;
  } catch {
    return null;
  }
}
