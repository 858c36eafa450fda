/**
 * @module OpenAI: `POST {base}/audio/speech` (base `https://api.openai.com/v1`) with a bearer key and
 * `{model, input, voice, response_format: "mp3"}`; the answer is MP3 bytes.
 */
import { type Speaker, speechFrom } from './speaker';

export const OPENAI_TTS_DEFAULT_MODEL = 'gpt-4o-mini-tts';

export function openAiSpeaker(options: { baseUrl: string; apiKey: string }): Speaker {
  return {
    kind: 'openai',
    async speak(text, voice, signal) {
      const response = await fetch(`${options.baseUrl}/audio/speech`, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: voice.model ?? OPENAI_TTS_DEFAULT_MODEL,
          input: text,
          voice: voice.voiceId,
          response_format: 'mp3',
        }),
        ...(signal && { signal }),
      });
      return speechFrom('OpenAI', response, 'audio/mpeg');
    },
  };
}
