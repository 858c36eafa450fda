/**
 * @module Read aloud (spec/chat.md §7, issue 10 §3): POST /api/tts `{slug, text, messageId?}` answers
 * the clone's voice reading the text. Audio is made once per text and voice and kept in the
 * database (every process serves it again); making new audio is limited per client address.
 */
import { createHash } from 'node:crypto';
import { VoiceSettings } from '@doppel/brain';
import { TtsRequest } from '@doppel/protocol';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { clientIp } from '../http/client-address';
import { type AppEnv, identityOf } from '../middleware/identity';
import { jsonBody } from '../middleware/json-body';
import { type Speech, SpeechFailed } from '../providers/tts';
import { ownedBy } from '../store/conversations';
import { takeSlot } from '../store/rate-events';
import { findAudio, findCloneVoice, findOwnCloneMessage, storeAudio } from '../store/tts-audio';
import { speechText } from '../tts/speech-text';
import { withWavSizes } from '../tts/wav-header';
import { CLONE_NOT_FOUND } from './clones';
import { MESSAGE_NOT_FOUND } from './messages';

export const NO_VOICE = 'This clone has no voice';
export const READ_ALOUD_UNAVAILABLE = 'Read aloud is not available on this server';
export const NOTHING_TO_READ = 'Text has nothing to read aloud';
export const TOO_MANY_READS = 'Too many texts read aloud. Try again later.';
export const READ_ALOUD_FAILED = 'Read aloud failed.';
const HOUR_MS = 60 * 60 * 1000;

export function ttsRoutes({ db, config, clock, tts, logger }: AppDeps) {
  return new Hono<AppEnv>().post(
    '/tts',
    jsonBody(TtsRequest, { maxBytes: config.jsonBodyLimitBytes }),
    async (c) => {
      const body = c.var.body;
      const clone = await findCloneVoice(db, body.slug);
      if (!clone) return apiError(c, 404, CLONE_NOT_FOUND);
      const voice = VoiceSettings.nullable().catch(null).parse(clone.voice);
      if (!voice) return apiError(c, 409, NO_VOICE);
      const speaker = tts.speakerFor(voice);
      if (!speaker) return apiError(c, 503, READ_ALOUD_UNAVAILABLE);

      let text = body.text;
      const messageId = body.messageId ?? null;
      if (messageId) {
        // The message read is the caller's own (another visitor's is "not found", like any).
        const who = identityOf(c);
        const user = await who.user();
        const stored = await findOwnCloneMessage(db, {
          messageId,
          cloneId: clone.id,
          owned: ownedBy('v', '$3', '$4', '$5'),
          params: [user?.id ?? null, who.visitorId, who.stateless],
        });
        if (stored === null) return apiError(c, 404, MESSAGE_NOT_FOUND);
        text = stored;
      }
      const spoken = speechText(text);
      if (spoken === '') return apiError(c, 400, NOTHING_TO_READ);

      const { choice } = speaker;
      const key = createHash('sha256')
        .update(JSON.stringify([speaker.speaker.kind, choice.voiceId, choice.model, spoken]))
        .digest('hex');
      const headers = { 'Cache-Control': 'private, max-age=86400', 'X-Doppel-Audio': 'cached' };
      const cached = await findAudio(db, key);
      if (cached) {
        return c.body(new Uint8Array(cached.bytes), 200, { ...headers, 'Content-Type': cached.content_type });
      }
      const allowed = await takeSlot(db, {
        bucket: 'tts',
        key: clientIp(c, config.auth),
        limit: tts.perIpPerHour,
        windowMs: HOUR_MS,
        now: clock.now(),
      });
      if (!allowed) return apiError(c, 429, TOO_MANY_READS);

      let speech: Speech;
      try {
        speech = await speaker.speaker.speak(spoken, choice);
      } catch (error) {
        if (!(error instanceof SpeechFailed)) throw error;
        logger.warn(`read aloud: ${error.message}`);
        return apiError(c, 502, READ_ALOUD_FAILED);
      }
      const keep = (bytes: Uint8Array) =>
        storeAudio(db, { key, messageId, contentType: speech.contentType, bytes }).catch((error: unknown) =>
          logger.error('read aloud: the audio could not be kept', error),
        );
      return c.body(teeToCache(speech, keep), 200, {
        ...headers,
        'X-Doppel-Audio': 'made',
        'Content-Type': speech.contentType,
      });
    },
  );
}

/** The speech as it arrives, to the listener; the whole of it, once complete, to `keep`. */
function teeToCache(speech: Speech, keep: (bytes: Uint8Array) => Promise<void>): ReadableStream<Uint8Array> {
  const reader = speech.body.getReader();
  const chunks: Uint8Array[] = [];
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        const all = new Uint8Array(chunks.reduce((n, chunk) => n + chunk.length, 0));
        let at = 0;
        for (const chunk of chunks) {
          all.set(chunk, at);
          at += chunk.length;
        }
        void keep(speech.contentType === 'audio/wav' ? withWavSizes(all) : all);
        return;
      }
      chunks.push(value);
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
