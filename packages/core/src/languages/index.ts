/** @module core/languages — the languages list and its voice rule (spec/calls.md §3, §5, §9). */
export { isVoiceLanguage } from './is-voice-language';
export { type Language, languages } from './languages';
export { transcriptionModel } from './transcription-model';
export { VOICE_LANGUAGES, voiceLanguageOf } from './voice-language-of';
