/**
 * @module Cartesia: `POST {base}/tts/bytes` with `X-API-Key` and `Cartesia-Version`, a body of
 * `{model_id, transcript, voice: {mode: "id", id}, output_format}`; the answer is MP3 bytes.
 */
import { type Speaker, speechFrom } from './speaker';

export const CARTESIA_VERSION = '2024-11-13';
export const CARTESIA_DEFAULT_MODEL = 'sonic-2';

export function cartesiaSpeaker(options: { baseUrl: string; apiKey: string }): Speaker {
  return {
    kind: 'cartesia',
    async speak(text, voice, signal) {
      const response = await fetch(`${options.baseUrl}/tts/bytes`, {
        method: 'POST',
        headers: {
          'X-API-Key': options.apiKey,
          'Cartesia-Version': CARTESIA_VERSION,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          model_id: voice.model ?? CARTESIA_DEFAULT_MODEL,
          transcript: text,
          voice: { mode: 'id', id: voice.voiceId },
          output_format: { container: 'mp3', sample_rate: 44_100, bit_rate: 128_000 },
        }),
        ...(signal && { signal }),
      });
      return speechFrom('Cartesia', response, 'audio/mpeg');
    },
  };
}
