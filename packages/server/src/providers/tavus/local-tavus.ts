/**
 * @module A local double of Tavus's API for tests: one node:http server answering the calls this
 * project makes as Tavus does — `POST /v2/personas`, `POST /v2/conversations` (its Daily room in
 * `conversation_url`; a full account answers 400 'User has reached maximum concurrent
 * conversations'), `POST /v2/conversations/{id}/end` — with the `x-api-key` header and the bodies
 * checked first (401 `{"message": "Invalid access token"}`, 400 `{"error": …}`). Like Tavus it
 * then plays the conversation's other side: the replica joins (`system.replica_joined`), the
 * visitor's words are answered by the persona's own language model (the brain's
 * chat-completions endpoint, called with the persona's `base_url` and `api_key` through the
 * official `openai` client, as Tavus calls a custom LLM), and at the end it posts
 * `system.shutdown` and `application.transcription_ready` to the conversation's `callback_url`,
 * in Tavus's callback shape.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import OpenAI from 'openai';
import { z } from 'zod';
import { listenLocally } from '../local-double';
import { readJson } from '../tts/fake-tts-apis';

export const LOCAL_TAVUS_KEY = 'test-tavus-key';
export const LOCAL_TAVUS_REPLICA = 'r79e1c033f';

const PersonaRequest = z.object({
  persona_name: z.string().min(1),
  system_prompt: z.string().min(1),
  pipeline_mode: z.enum(['full', 'echo']).optional(),
  context: z.string().optional(),
  default_replica_id: z.string().optional(),
  layers: z
    .object({
      llm: z
        .object({
          model: z.string().min(1),
          base_url: z.url().optional(),
          api_key: z.string().min(1).optional(),
          speculative_inference: z.boolean().optional(),
        })
        .optional(),
    })
    .optional(),
});
type PersonaRequest = z.infer<typeof PersonaRequest>;

const ConversationRequest = z.object({
  replica_id: z.string().optional(),
  persona_id: z.string().optional(),
  callback_url: z.url().optional(),
  conversation_name: z.string().optional(),
  conversational_context: z.string().optional(),
  custom_greeting: z.string().optional(),
  properties: z
    .strictObject({
      max_call_duration: z.number().int().positive().optional(),
      participant_left_timeout: z.number().int().nonnegative().optional(),
      participant_absent_timeout: z.number().int().nonnegative().optional(),
      enable_recording: z.boolean().optional(),
      enable_closed_captions: z.boolean().optional(),
      apply_greenscreen: z.boolean().optional(),
      language: z.string().min(2).optional(),
      recording_s3_bucket_name: z.string().optional(),
      recording_s3_bucket_region: z.string().optional(),
      aws_assume_role_arn: z.string().optional(),
    })
    .optional(),
});
type ConversationRequest = z.infer<typeof ConversationRequest>;

export interface LocalTavusConversation {
  id: string;
  request: ConversationRequest;
  persona: PersonaRequest;
  status: 'active' | 'ended';
  /** What was said, in order (`system` first, as Tavus's transcript has it). */
  transcript: { role: 'system' | 'user' | 'assistant'; content: string }[];
}

/** One callback the double posted: what, and what the server answered. */
export interface LocalTavusDelivery {
  conversationId: string;
  eventType: string;
  url: string;
  status: number;
  body: unknown;
}

export interface LocalTavus {
  url: string;
  personas: Map<string, PersonaRequest>;
  conversations: Map<string, LocalTavusConversation>;
  deliveries: LocalTavusDelivery[];
  /** How many conversations may be active at once (Tavus's concurrency limit). */
  maxConcurrent: number;
  /** The replica joins the room: `system.replica_joined` is posted. */
  replicaJoins(conversationId: string): Promise<LocalTavusDelivery>;
  /** Waits for the callbacks that follow an answer (`…/end`'s) to be delivered. */
  settled(): Promise<void>;
  /** The visitor says `text`: the persona's language model answers it; answers the reply. */
  visitorSays(conversationId: string, text: string): Promise<string>;
  /** The room shuts down by itself (a timeout, the maximum duration): `system.shutdown` and the transcript. */
  shutdown(conversationId: string, reason: string): Promise<LocalTavusDelivery[]>;
  /** The recording landed in the bucket: `application.recording_ready`. */
  recordingReady(conversationId: string, s3Key: string, durationSeconds: number): Promise<LocalTavusDelivery>;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const issues = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
const hexId = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

/** `now`: the double's clock (its callbacks' `timestamp`), the test's when it controls time. */
export async function startLocalTavus(options: { now?: () => Date } = {}): Promise<LocalTavus> {
  const now = options.now ?? (() => new Date());
  const personas = new Map<string, PersonaRequest>();
  const conversations = new Map<string, LocalTavusConversation>();
  const deliveries: LocalTavusDelivery[] = [];
  const pending = new Set<Promise<unknown>>();
  const state = { maxConcurrent: 5 };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.headers['x-api-key'] !== LOCAL_TAVUS_KEY)
        return json(res, 401, { message: 'Invalid access token' });
      if (req.method !== 'POST') return json(res, 405, { error: 'Method not allowed' });
      const body = await readJson(req);
      if (url.pathname === '/v2/personas') {
        const parsed = PersonaRequest.safeParse(body);
        if (!parsed.success) return json(res, 400, { error: issues(parsed.error) });
        if (parsed.data.default_replica_id && parsed.data.default_replica_id !== LOCAL_TAVUS_REPLICA)
          return json(res, 400, { error: 'Invalid default_replica_id' });
        const id = hexId('p');
        personas.set(id, parsed.data);
        return json(res, 200, {
          persona_id: id,
          persona_name: parsed.data.persona_name,
          created_at: new Date().toISOString(),
        });
      }
      if (url.pathname === '/v2/conversations') {
        const parsed = ConversationRequest.safeParse(body);
        if (!parsed.success) return json(res, 400, { error: issues(parsed.error) });
        const request = parsed.data;
        const persona = request.persona_id ? personas.get(request.persona_id) : undefined;
        if (request.persona_id && !persona) return json(res, 400, { error: 'Invalid persona_id' });
        if (!persona) return json(res, 400, { error: 'persona_id is required' });
        const replica = request.replica_id ?? persona.default_replica_id;
        if (replica !== LOCAL_TAVUS_REPLICA) return json(res, 400, { error: 'Invalid replica_id' });
        const active = [...conversations.values()].filter((c) => c.status === 'active').length;
        if (active >= state.maxConcurrent)
          return json(res, 400, { message: 'User has reached maximum concurrent conversations' });
        const id = hexId('c');
        const system = [persona.system_prompt, persona.context, request.conversational_context]
          .filter(Boolean)
          .join('\n\n');
        conversations.set(id, {
          id,
          request,
          persona,
          status: 'active',
          transcript: [{ role: 'system', content: system }],
        });
        return json(res, 200, {
          conversation_id: id,
          conversation_name: request.conversation_name ?? `New Conversation ${id}`,
          status: 'active',
          conversation_url: `https://tavus.daily.co/${id}`,
          replica_id: replica,
          persona_id: request.persona_id,
          created_at: new Date().toISOString(),
        });
      }
      const end = /^\/v2\/conversations\/([^/]+)\/end$/.exec(url.pathname);
      if (end?.[1]) {
        const conversation = conversations.get(decodeURIComponent(end[1]));
        if (!conversation) return json(res, 404, { error: 'Conversation not found' });
        if (conversation.status === 'ended')
          return json(res, 400, { error: 'Conversation has already ended' });
        json(res, 200, {});
        // Like Tavus, the callbacks follow the answer; `settled()` waits for them.
        const posting = finish(conversation, 'end_conversation_endpoint_hit').catch(() => []);
        pending.add(posting);
        void posting.finally(() => pending.delete(posting));
        return;
      }
      return json(res, 404, { error: 'Not found' });
    })().catch(() => json(res, 500, { error: 'Internal error' }));
  });

  /** Posts one callback to the conversation's callback_url, as Tavus shapes it. */
  const post = async (
    conversation: LocalTavusConversation,
    messageType: 'system' | 'application',
    eventType: string,
    properties: Record<string, unknown>,
  ): Promise<LocalTavusDelivery> => {
    const target = conversation.request.callback_url;
    if (!target) throw new Error(`conversation ${conversation.id} has no callback_url`);
    const body = {
      properties: { replica_id: conversation.request.replica_id ?? LOCAL_TAVUS_REPLICA, ...properties },
      conversation_id: conversation.id,
      webhook_url: target,
      message_type: messageType,
      event_type: eventType,
      timestamp: now().toISOString(),
    };
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    const delivery = {
      conversationId: conversation.id,
      eventType,
      url: target,
      status: response.status,
      body,
    };
    deliveries.push(delivery);
    return delivery;
  };

  const finish = async (conversation: LocalTavusConversation, reason: string) => {
    conversation.status = 'ended';
    return [
      await post(conversation, 'system', 'system.shutdown', { shutdown_reason: reason }),
      await post(conversation, 'application', 'application.transcription_ready', {
        transcript: conversation.transcript,
      }),
    ];
  };

  const find = (id: string) => {
    const conversation = conversations.get(id);
    if (!conversation) throw new Error(`no conversation ${id}`);
    return conversation;
  };

  const listening = await listenLocally(server);
  return {
    url: listening.url,
    personas,
    conversations,
    deliveries,
    get maxConcurrent() {
      return state.maxConcurrent;
    },
    set maxConcurrent(n: number) {
      state.maxConcurrent = n;
    },
    async settled() {
      await Promise.all([...pending]);
    },
    replicaJoins: (id) => post(find(id), 'system', 'system.replica_joined', {}),
    async visitorSays(id, text) {
      const conversation = find(id);
      const llm = conversation.persona.layers?.llm;
      if (!llm?.base_url || !llm.api_key) throw new Error('the persona has no custom language model');
      const client = new OpenAI({ baseURL: llm.base_url, apiKey: llm.api_key, maxRetries: 0 });
      conversation.transcript.push({ role: 'user', content: text });
      const completion = await client.chat.completions.create({
        model: llm.model,
        messages: conversation.transcript.map((m) => ({ role: m.role, content: m.content })),
      });
      const reply = completion.choices[0]?.message.content ?? '';
      conversation.transcript.push({ role: 'assistant', content: reply });
      return reply;
    },
    shutdown: (id, reason) => finish(find(id), reason),
    recordingReady: (id, s3Key, duration) =>
      post(find(id), 'application', 'application.recording_ready', {
        bucket_name: find(id).request.properties?.recording_s3_bucket_name ?? '',
        s3_key: s3Key,
        duration,
      }),
    close: listening.close,
  };
}
