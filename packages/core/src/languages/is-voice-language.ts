import type { Language } from './languages';

/**
 * Whether a call can be held in `language`: a voice model speaks it and one of the two
 * transcription engines hears it.
 * Why: spec/calls.md §5 "Voice languages must support voice and one of two transcription engines."
 */
export function isVoiceLanguage(language: Language): boolean {
  return (
    language.voiceModelSupport &&
    (language.transcription.deepgramSupported || language.transcription.whisperSupported)
  );
}
