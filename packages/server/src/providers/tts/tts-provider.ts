/**
 * @module Read aloud (DESIGN §2): the local espeak-ng by default, ElevenLabs, Cartesia or OpenAI
 * with their keys. A clone's voice (clone.json `voice`: provider, voiceId, model) is spoken by its
 * own service when that one is configured here, else by espeak-ng in its default voice; with
 * neither, read aloud is off (the clone profile's `features.readAloud` is false).
 */
import { integer, optional, optionalUrl, setting } from '../../config/setting';
import { provider } from '../provider';
import { cartesiaSpeaker } from './cartesia-speaker';
import { elevenLabsSpeaker } from './elevenlabs-speaker';
import { ESPEAK_DEFAULT_VOICE, espeakSpeaker } from './espeak-speaker';
import { findExecutable } from './find-executable';
import { openAiSpeaker } from './openai-speaker';
import type { Speaker, VoiceChoice } from './speaker';

/** A clone's voice as clone.json gives it (`@doppel/brain` VoiceSettings). */
export interface CloneVoice {
  provider: Speaker['kind'];
  voiceId: string;
  model: string | null;
}

/** The read-aloud service of this deployment. */
export interface Tts {
  /** Who speaks `voice` here, in which of their voices; null when no service can. */
  speakerFor(voice: CloneVoice | null): { speaker: Speaker; choice: VoiceChoice } | null;
  /** Syntheses one client address may start per hour (cached audio is not counted). */
  perIpPerHour: number;
}

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

export const ttsProvider = provider({
  title: 'Read aloud (text to speech)',
  concern: 'read aloud (TTS)',
  localDefault:
    "espeak-ng (Debian's `espeak-ng`, installed by `npm start` / `npm test`); without it read aloud is off",
  real: 'ElevenLabs, Cartesia or OpenAI, for clones whose `voice.provider` names that service (`11labs`, `cartesia`, `openai`); a clone whose service has no key here is read by espeak-ng',
  settings: {
    ESPEAK_PATH: setting(
      optional,
      '`espeak-ng` on `PATH`',
      'The espeak-ng program for the local voice; `off` turns the local voice off.',
    ),
    ELEVENLABS_API_KEY: setting(optional, 'unset', 'ElevenLabs key (`xi-api-key`) for `11labs` voices.'),
    ELEVENLABS_BASE_URL: setting(optionalUrl, '`https://api.elevenlabs.io`', 'The ElevenLabs API.'),
    CARTESIA_API_KEY: setting(optional, 'unset', 'Cartesia key (`X-API-Key`) for `cartesia` voices.'),
    CARTESIA_BASE_URL: setting(optionalUrl, '`https://api.cartesia.ai`', 'The Cartesia API.'),
    OPENAI_TTS_API_KEY: setting(optional, 'unset', 'OpenAI key for `openai` voices (`/audio/speech`).'),
    OPENAI_TTS_BASE_URL: setting(
      optionalUrl,
      '`https://api.openai.com/v1`',
      'The OpenAI API (or a compatible one).',
    ),
    TTS_PER_IP_PER_HOUR: setting(
      integer(120, 1, 1_000_000),
      '120',
      'Texts one client address may have read aloud per hour (then 429); audio already made is served from the cache and not counted.',
    ),
  },
  read: (e) => ({
    espeakPath: e.ESPEAK_PATH === 'off' ? null : findExecutable(e.ESPEAK_PATH ?? 'espeak-ng'),
    elevenLabs: e.ELEVENLABS_API_KEY
      ? {
          apiKey: e.ELEVENLABS_API_KEY,
          baseUrl: trimSlash(e.ELEVENLABS_BASE_URL ?? 'https://api.elevenlabs.io'),
        }
      : null,
    cartesia: e.CARTESIA_API_KEY
      ? { apiKey: e.CARTESIA_API_KEY, baseUrl: trimSlash(e.CARTESIA_BASE_URL ?? 'https://api.cartesia.ai') }
      : null,
    openAi: e.OPENAI_TTS_API_KEY
      ? {
          apiKey: e.OPENAI_TTS_API_KEY,
          baseUrl: trimSlash(e.OPENAI_TTS_BASE_URL ?? 'https://api.openai.com/v1'),
        }
      : null,
    perIpPerHour: e.TTS_PER_IP_PER_HOUR,
  }),
  configured: (c) => c.elevenLabs !== null || c.cartesia !== null || c.openAi !== null,
  offers: (c) => ({
    readAloud: c.espeakPath !== null || c.elevenLabs !== null || c.cartesia !== null || c.openAi !== null,
  }),
  create: (c, _deps: Record<string, never>): Tts => {
    const services: Partial<Record<Speaker['kind'], Speaker>> = {
      ...(c.espeakPath && { espeak: espeakSpeaker(c.espeakPath) }),
      ...(c.elevenLabs && { '11labs': elevenLabsSpeaker(c.elevenLabs) }),
      ...(c.cartesia && { cartesia: cartesiaSpeaker(c.cartesia) }),
      ...(c.openAi && { openai: openAiSpeaker(c.openAi) }),
    };
    return {
      perIpPerHour: c.perIpPerHour,
      speakerFor(voice) {
        if (!voice) return null;
        const own = services[voice.provider];
        if (own) return { speaker: own, choice: { voiceId: voice.voiceId, model: voice.model } };
        const local = services.espeak;
        return local ? { speaker: local, choice: { voiceId: ESPEAK_DEFAULT_VOICE, model: null } } : null;
      },
    };
  },
});

export type TtsConfig = ReturnType<typeof ttsProvider.read>;
