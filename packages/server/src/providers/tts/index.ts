/** @module The read-aloud provider. */
export type { Speaker, Speech, VoiceChoice } from './speaker';
export { SpeechFailed } from './speaker';
export { type CloneVoice, type Tts, type TtsConfig, ttsProvider } from './tts-provider';
