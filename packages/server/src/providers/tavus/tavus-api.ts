/**
 * @module Tavus's HTTP API (v2), the calls this project makes: create a persona whose language
 * model is the brain's OpenAI-compatible endpoint (`POST /v2/personas`), start a conversation with
 * the replica (`POST /v2/conversations`: its answer carries the Daily room, `conversation_url`),
 * and end it (`POST /v2/conversations/{id}/end`). Every request sends the key as `x-api-key`, from
 * the server only. Tavus has no Node client library; its answers are parsed with zod here.
 */
import { z } from 'zod';

export const TAVUS_BASE_URL = 'https://tavusapi.com';
const TIMEOUT_MS = 15_000;

/** Tavus refused or could not be reached: its message, or the status and body it answered. */
export class TavusError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** The persona's language model: an OpenAI-compatible chat-completions endpoint (layers.llm). */
export interface PersonaLlm {
  model: string;
  base_url: string;
  api_key: string;
  speculative_inference: boolean;
}

export interface CreatePersona {
  persona_name: string;
  system_prompt: string;
  pipeline_mode: 'full';
  context: string;
  default_replica_id: string;
  layers: { llm: PersonaLlm };
}

/** POST /v2/conversations' `properties` (the ones this project sets). */
export interface ConversationProperties {
  max_call_duration: number;
  participant_left_timeout: number;
  participant_absent_timeout: number;
  language: string;
  enable_recording?: boolean;
  recording_s3_bucket_name?: string;
  recording_s3_bucket_region?: string;
  aws_assume_role_arn?: string;
}

export interface CreateConversation {
  replica_id: string;
  persona_id: string;
  callback_url: string;
  conversation_name: string;
  conversational_context: string;
  custom_greeting?: string;
  properties: ConversationProperties;
}

export const PersonaAnswer = z.object({
  persona_id: z.string().min(1),
  persona_name: z.string().optional(),
  created_at: z.string().optional(),
});
export type PersonaAnswer = z.infer<typeof PersonaAnswer>;

export const ConversationAnswer = z.object({
  conversation_id: z.string().min(1),
  conversation_name: z.string().optional(),
  status: z.string(),
  conversation_url: z.url(),
  replica_id: z.string().optional(),
  persona_id: z.string().optional(),
  created_at: z.string().optional(),
});
export type ConversationAnswer = z.infer<typeof ConversationAnswer>;

export interface TavusApi {
  createPersona(body: CreatePersona): Promise<PersonaAnswer>;
  createConversation(body: CreateConversation): Promise<ConversationAnswer>;
  /** Ends it; ending a conversation that already ended is no error. */
  endConversation(conversationId: string): Promise<void>;
}

/** Tavus's error bodies: `{"message": …}` or `{"error": …}`. */
const ErrorBody = z.union([z.object({ message: z.string() }), z.object({ error: z.string() })]);

export function tavusApi(baseUrl: string, apiKey: string): TavusApi {
  const call = async (path: string, body?: unknown): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new TavusError("Couldn't connect to Tavus", null);
    }
    const text = await response.text().catch(() => '');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: the status and text say it.
    }
    if (!response.ok) {
      const parsed = ErrorBody.safeParse(json);
      const message = parsed.success
        ? 'message' in parsed.data
          ? parsed.data.message
          : parsed.data.error
        : `${response.status} ${text.slice(0, 200)}`.trim();
      throw new TavusError(message, response.status);
    }
    return json;
  };
  return {
    async createPersona(body) {
      const parsed = PersonaAnswer.safeParse(await call('/v2/personas', body));
      if (!parsed.success) throw new TavusError('Tavus answered POST /v2/personas without a persona_id');
      return parsed.data;
    },
    async createConversation(body) {
      const parsed = ConversationAnswer.safeParse(await call('/v2/conversations', body));
      if (!parsed.success)
        throw new TavusError('Tavus answered POST /v2/conversations without a conversation_id and url');
      return parsed.data;
    },
    async endConversation(conversationId) {
      try {
        await call(`/v2/conversations/${encodeURIComponent(conversationId)}/end`);
      } catch (error) {
        // Already ended (or gone): nothing is left to end.
        if (error instanceof TavusError && (error.status === 400 || error.status === 404)) return;
        throw error;
      }
    },
  };
}

/** Tavus answers a full account with 400 'User has reached maximum concurrent conversations'. */
export function isTavusRateLimit(error: unknown): boolean {
  return (
    error instanceof TavusError &&
    (error.status === 429 || (error.status === 400 && /concurrent conversations/i.test(error.message)))
  );
}
