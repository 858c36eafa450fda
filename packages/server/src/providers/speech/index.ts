/** @module The speech recognition provider (dictation). */
export { type Recogniser, type SpeechConfig, type SpeechModel, speechProvider } from './speech-provider';
