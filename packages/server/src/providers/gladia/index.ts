/** @module Gladia live transcription (dictation). */
export {
  type GladiaConfig,
  GladiaError,
  gladiaLanguage,
  gladiaProvider,
  type LiveSessionOwner,
  type LiveSessionResult,
  type LiveTranscription,
} from './gladia-provider';
