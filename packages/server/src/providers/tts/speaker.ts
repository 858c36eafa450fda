/** @module What every text-to-speech service does: speak a text in one of its voices, as a byte stream. */

/** A voice of one service: its id there and, for services that have several, the model. */
export interface VoiceChoice {
  voiceId: string;
  model: string | null;
}

/** The audio of one text, arriving as it is made. */
export interface Speech {
  /** `audio/wav`, `audio/mpeg`, … */
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

export interface Speaker {
  /** Which service it is (part of the cache key: another service's audio is another recording). */
  readonly kind: 'espeak' | '11labs' | 'cartesia' | 'openai';
  /** Starts speaking `text`; rejects when the service refuses (non-OK) or cannot be reached. */
  speak(text: string, voice: VoiceChoice, signal?: AbortSignal): Promise<Speech>;
}

/** A service answered something other than audio. */
export class SpeechFailed extends Error {}

/** The body of a fetch answer as speech, or SpeechFailed naming the service and its status. */
export async function speechFrom(service: string, response: Response, fallbackType: string): Promise<Speech> {
  if (!response.ok || !response.body) {
    const detail = await response.text().catch(() => '');
    throw new SpeechFailed(`${service} answered ${response.status}: ${detail.slice(0, 200)}`);
  }
  const type = response.headers.get('content-type')?.split(';')[0]?.trim() || fallbackType;
  return { contentType: type.startsWith('audio/') ? type : fallbackType, body: response.body };
}
