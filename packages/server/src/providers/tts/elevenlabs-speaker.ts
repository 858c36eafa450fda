/**
 * @module ElevenLabs: `POST {base}/v1/text-to-speech/{voice_id}?output_format=mp3_44100_128` with
 * the `xi-api-key` header and `{text, model_id}`; the answer is MP3 bytes.
 */
import { type Speaker, speechFrom } from './speaker';

export const ELEVENLABS_DEFAULT_MODEL = 'eleven_multilingual_v2';

export function elevenLabsSpeaker(options: { baseUrl: string; apiKey: string }): Speaker {
  return {
    kind: '11labs',
    async speak(text, voice, signal) {
      const url = `${options.baseUrl}/v1/text-to-speech/${encodeURIComponent(voice.voiceId)}?output_format=mp3_44100_128`;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'xi-api-key': options.apiKey, 'content-type': 'application/json', accept: 'audio/mpeg' },
        body: JSON.stringify({ text, model_id: voice.model ?? ELEVENLABS_DEFAULT_MODEL }),
        ...(signal && { signal }),
      });
      return speechFrom('ElevenLabs', response, 'audio/mpeg');
    },
  };
}
