/**
 * @module The assistant of one browser voice call on Vapi (spec/calls.md §7 "Voice call config",
 * §9 "Voice call"): the transcriber by language, the clone's voice (ElevenLabs with streaming
 * latency 3 and SSML parsing, OpenAI, or Cartesia sonic) with three fallback voices, the brain as
 * its custom language model, the end-of-call webhook, the §9 timings, and the call's metadata.
 * Vapi's types (@vapi-ai/web's api.ts, CreateAssistantDTO) name every field.
 */
import { type Language, transcriptionModel } from '@doppel/core';

/** spec/calls.md §9. */
export const VAPI_TIMINGS = {
  silenceTimeoutSeconds: 60,
  maxDurationSeconds: 21_600,
  idleTimeoutSeconds: 30,
  idleMessageMaxCount: 2,
  modelTimeoutSeconds: 30,
  startSpeakingWaitSeconds: 0.25,
  endpointing: { onPunctuationSeconds: 0.25, onNoPunctuationSeconds: 1.5, onNumberSeconds: 0.25 },
  stopSpeakingWords: 3,
} as const;

/** What Vapi says when the caller has been quiet for the idle timeout (at most twice). */
export const IDLE_MESSAGES = ['Are you still there?', 'Is there anything else you would like to ask?'];

/** The voices Vapi falls back to, in order, when the clone's own voice fails (§7: three). */
export const FALLBACK_VOICES = [
  { provider: '11labs', voiceId: 'sarah', model: 'eleven_turbo_v2_5' },
  { provider: 'openai', voiceId: 'alloy' },
  { provider: 'cartesia', voiceId: '248be419-c632-4f23-adf1-5324ed7dbf1d', model: 'sonic-multilingual' },
] as const;

/** A clone without a voice of a provider Vapi speaks with gets this one. */
export const DEFAULT_VAPI_VOICE = { provider: '11labs', voiceId: 'burt', model: null } as const;

export interface CloneVoice {
  provider: string;
  voiceId: string;
  model: string | null;
}

/** The call metadata (§3 "Voice call config metadata"), also what the webhook reads back. */
export interface VapiCallMetadata {
  cloneSlug: string;
  userId: string | null;
  instanceId: string | null;
  relationshipId: string | null;
  conversationId: string;
  wordPhonemeMapping: Record<string, string>;
  medium: 'BROWSER_VOICE';
}

export interface AssistantInput {
  cloneName: string;
  language: Language;
  /** The clone's voice (null: Vapi's default voice). */
  voice: CloneVoice | null;
  /** The brain's custom-LLM base URL (Vapi appends `/chat/completions`). */
  modelUrl: string;
  /** The model name the brain answers as: the clone's slug. */
  model: string;
  /** The API key that lets Vapi call the brain for this call. */
  modelKey: string;
  /** Where Vapi posts the end-of-call report, and the secret it sends with it. */
  webhookUrl: string;
  webhookSecret: string;
  /** The call's longest length (the embed's call limit, or §9's 6 hours). */
  maxDurationSeconds: number;
  metadata: VapiCallMetadata;
}

/** An unsupported voice provider (§7: "Unsupported provider is an error"). */
export class UnsupportedVoiceProvider extends Error {}

/** spec/calls.md §7: Deepgram with its model by language, or Cartesia's ink-whisper where only Whisper hears it. */
export function transcriberFor(language: Language): Record<string, unknown> {
  if (!language.transcription.deepgramSupported)
    return { provider: 'cartesia', model: 'ink-whisper', language: language.code };
  return {
    provider: 'deepgram',
    model: transcriptionModel(language),
    language: language.code,
    endpointing: 500,
  };
}

/** spec/calls.md §7, §9: the clone's voice with its provider's model for the language. */
export function voiceFor(voice: CloneVoice | null, language: Language): Record<string, unknown> {
  const chosen = voice === null || voice.provider === 'espeak' ? DEFAULT_VAPI_VOICE : voice;
  const english = language.code === 'en';
  const fallbackPlan = { voices: FALLBACK_VOICES.map((v) => ({ ...v })) };
  switch (chosen.provider) {
    case '11labs':
      return {
        provider: '11labs',
        voiceId: chosen.voiceId,
        // §9: eleven turbo v2.5 (turbo v2 for English); a clone's own model wins.
        model: chosen.model ?? (english ? 'eleven_turbo_v2' : 'eleven_turbo_v2_5'),
        ...(english ? {} : { language: language.code }),
        optimizeStreamingLatency: 3,
        enableSsmlParsing: true,
        fallbackPlan,
      };
    case 'openai':
      return {
        provider: 'openai',
        voiceId: chosen.voiceId,
        ...(chosen.model && { model: chosen.model }),
        fallbackPlan,
      };
    case 'cartesia':
      return {
        provider: 'cartesia',
        voiceId: chosen.voiceId,
        model: english ? 'sonic-english' : 'sonic-multilingual',
        language: language.code,
        fallbackPlan,
      };
    default:
      throw new UnsupportedVoiceProvider(`Vapi cannot speak with the voice provider "${chosen.provider}"`);
  }
}

/** The transient assistant of one call (Vapi's CreateAssistantDTO). */
export function vapiAssistant(input: AssistantInput): Record<string, unknown> {
  const t = VAPI_TIMINGS;
  return {
    name: input.cloneName.slice(0, 40),
    firstMessageMode: 'assistant-speaks-first-with-model-generated-message',
    transcriber: transcriberFor(input.language),
    model: {
      provider: 'custom-llm',
      url: input.modelUrl,
      model: input.model,
      headers: { Authorization: `Bearer ${input.modelKey}` },
      timeoutSeconds: t.modelTimeoutSeconds,
      metadataSendMode: 'off',
    },
    voice: voiceFor(input.voice, input.language),
    silenceTimeoutSeconds: t.silenceTimeoutSeconds,
    maxDurationSeconds: Math.min(t.maxDurationSeconds, input.maxDurationSeconds),
    startSpeakingPlan: {
      waitSeconds: t.startSpeakingWaitSeconds,
      smartEndpointingEnabled: false,
      transcriptionEndpointingPlan: { ...t.endpointing },
    },
    stopSpeakingPlan: { numWords: t.stopSpeakingWords },
    hooks: [
      {
        on: 'customer.speech.timeout',
        options: { timeoutSeconds: t.idleTimeoutSeconds, triggerMaxCount: t.idleMessageMaxCount },
        do: [{ type: 'say', exact: IDLE_MESSAGES }],
      },
    ],
    clientMessages: ['transcript', 'speech-update', 'status-update', 'hang'],
    serverMessages: ['end-of-call-report'],
    server: {
      url: input.webhookUrl,
      timeoutSeconds: 20,
      headers: { 'X-Vapi-Secret': input.webhookSecret },
    },
    artifactPlan: { recordingEnabled: true },
    metadata: input.metadata,
  };
}
