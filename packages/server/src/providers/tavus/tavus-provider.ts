/**
 * @module Tavus over Daily, the production video provider (DESIGN §2, spec/calls.md §4, §7;
 * issue 12). Configured with TAVUS_API_KEY and TAVUS_REPLICA_ID: each call is a Tavus
 * conversation with the replica (its face and voice) and the clone's persona, whose language
 * model is the brain's OpenAI-compatible endpoint (providers/tavus/tavus-personas.ts); the page
 * joins the Daily room Tavus answers (`conversation_url`) with `@daily-co/daily-js`. Tavus
 * reports the conversation to a callback URL signed for the call (routes/tavus-webhooks.ts).
 * Recording: with TAVUS_RECORDING_ROLE_ARN and S3 storage, Tavus records into the storage bucket
 * (the page starts and stops Daily's recording). Unset: video calls stay on the local pipeline.
 */
import type { Db } from '@doppel/db';
import { VIDEO } from '@doppel/protocol';
import { ConfigError } from '../../config/config-error';
import { optional, optionalUrl, setting } from '../../config/setting';
import { findCloneBySlug } from '../../store/clones';
import { provider } from '../provider';
import type { StorageConfig } from '../storage/storage-provider';
import { type VideoProvider, VideoRateLimited } from '../video';
import { callbackUrl } from './callback-token';
import { isTavusRateLimit, TAVUS_BASE_URL, type TavusApi, tavusApi } from './tavus-api';
import { tavusLanguage } from './tavus-language';
import { ensurePersona } from './tavus-personas';

/** spec/calls.md §9: the room waits this long for the visitor, and after they left (seconds). */
const PARTICIPANT_ABSENT_TIMEOUT_S = 60;
const PARTICIPANT_LEFT_TIMEOUT_S = 10;

export const tavusProvider = provider({
  title: 'Video calls (Tavus over Daily)',
  concern: 'video call (production)',
  localDefault: 'the local video call (above)',
  real: "a Tavus replica over Daily: Tavus's conversation API, the page joins its Daily room with `@daily-co/daily-js`; the replica's language model is the brain's chat-completions endpoint",
  settings: {
    TAVUS_API_KEY: setting(
      optional,
      'unset: video calls run on the local pipeline',
      'Your Tavus API key (sent by the server only, as `x-api-key`). Needs `TAVUS_REPLICA_ID`.',
    ),
    TAVUS_REPLICA_ID: setting(
      optional,
      'unset',
      "The Tavus replica (face and voice) of the clones' video calls, e.g. `r79e1c033f`.",
    ),
    TAVUS_BASE_URL: setting(
      optionalUrl,
      TAVUS_BASE_URL,
      "Tavus's API (the tests point it at a local double).",
    ),
    TAVUS_RECORDING_ROLE_ARN: setting(
      optional,
      'unset: Tavus calls are not recorded',
      'The AWS role Tavus assumes to write recordings into the S3 storage bucket (`S3_BUCKET`, `S3_REGION`); needs S3 storage.',
    ),
  },
  read: (e, { publicUrl }) => {
    const apiKey = e.TAVUS_API_KEY ?? null;
    const replicaId = e.TAVUS_REPLICA_ID ?? null;
    if ((apiKey === null) !== (replicaId === null))
      throw new ConfigError('Invalid environment: TAVUS_API_KEY and TAVUS_REPLICA_ID go together');
    return {
      apiKey,
      replicaId,
      baseUrl: (e.TAVUS_BASE_URL ?? TAVUS_BASE_URL).replace(/\/+$/, ''),
      recordingRoleArn: e.TAVUS_RECORDING_ROLE_ARN ?? null,
      publicUrl,
    };
  },
  configured: (c) => c.apiKey !== null,
  // The page needs the same screen as the local video call; with Tavus it needs no local recogniser.
  offers: (c) => ({ videoCall: c.apiKey !== null }),
  create: (
    c,
    deps: { db: Db; authSecret: () => Promise<string>; storage: StorageConfig },
  ): VideoProvider | null => {
    if (!c.apiKey || !c.replicaId) return null;
    const s3 = deps.storage.s3;
    return tavusVideo({
      api: tavusApi(c.baseUrl, c.apiKey),
      db: deps.db,
      authSecret: deps.authSecret,
      replicaId: c.replicaId,
      publicUrl: c.publicUrl,
      recording:
        c.recordingRoleArn && s3
          ? { bucket: s3.bucket, region: s3.region, roleArn: c.recordingRoleArn }
          : null,
    });
  },
});

export type TavusConfig = ReturnType<typeof tavusProvider.read>;

export interface TavusVideoOptions {
  api: TavusApi;
  db: Db;
  authSecret: () => Promise<string>;
  replicaId: string;
  /** Where Tavus reaches this server (the persona's LLM, the callbacks). */
  publicUrl: string;
  /** Where Tavus records to; null: calls are not recorded. */
  recording: { bucket: string; region: string; roleArn: string } | null;
}

/** The Tavus video provider: conversations with the replica, the page joins their Daily rooms. */
export function tavusVideo(options: TavusVideoOptions): VideoProvider {
  const { api, db } = options;
  return {
    name: 'tavus',
    recordsInBrowser: false,
    providerRecords: options.recording !== null,
    async start(call) {
      const clone = await findCloneBySlug(db, call.cloneSlug);
      if (!clone) throw new Error(`no clone ${call.cloneSlug}`);
      const persona = await ensurePersona({
        db,
        api,
        clone: { id: clone.id, slug: clone.slug, name: clone.name, headline: clone.headline },
        replicaId: options.replicaId,
        llmBaseUrl: `${options.publicUrl}/api/openai/v1`,
      });
      const recording = options.recording;
      try {
        const answer = await api.createConversation({
          replica_id: options.replicaId,
          persona_id: persona.personaId,
          callback_url: callbackUrl(options.publicUrl, await options.authSecret(), call.videoCallId),
          conversation_name: `${call.cloneName} video call ${call.videoCallId}`,
          conversational_context: conversationalContext(call.cloneName, call.question),
          properties: {
            max_call_duration: VIDEO.maxSeconds,
            participant_left_timeout: PARTICIPANT_LEFT_TIMEOUT_S,
            participant_absent_timeout: PARTICIPANT_ABSENT_TIMEOUT_S,
            language: tavusLanguage(call.language),
            ...(recording && {
              enable_recording: true,
              recording_s3_bucket_name: recording.bucket,
              recording_s3_bucket_region: recording.region,
              aws_assume_role_arn: recording.roleArn,
            }),
          },
        });
        return {
          kind: 'room',
          providerConversationId: answer.conversation_id,
          conversationUrl: answer.conversation_url,
        };
      } catch (error) {
        // spec/calls.md §4: a full account is 'Rate limited' — the page waits in the queue.
        if (isTavusRateLimit(error)) throw new VideoRateLimited();
        throw error;
      }
    },
    async end(room) {
      if (room.kind === 'room') await api.endConversation(room.providerConversationId);
    },
    // Daily records the room: the page starts and stops it on its call object (Tavus allows it
    // when the conversation was created with enable_recording). Nothing to do here.
    startRecording: async () => undefined,
    stopRecording: async () => undefined,
  };
}

/** spec/calls.md §7: the call starts with the question chosen on the start overlay. */
function conversationalContext(cloneName: string, question: string | null): string {
  const base = `You are ${cloneName} on a live video call with a visitor. Answer in the first person, briefly and warmly, as spoken words.`;
  return question
    ? `${base} The visitor chose this question to start the call, and it will be asked first: "${question}"`
    : base;
}
