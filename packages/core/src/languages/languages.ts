/**
 * The languages list (spec/calls.md §3 "Language list entry: name, code, voice_model_support,
 * transcription (deepgramSupported, whisperSupported)"). `voiceModelSupport`: the multilingual
 * voice models (eleven turbo/flash v2.5, §9) speak it. `deepgramSupported`: Deepgram's nova-2 or
 * nova-3 (or, for Tamil, its enhanced model) hears it; `whisperSupported`: the Whisper
 * transcriber does. The voice languages are the entries that pass `isVoiceLanguage` — 31 of them
 * (§9 "31 voice languages"); the others are listed for chat and dictation only.
 */
export interface Language {
  name: string;
  /** BCP 47 language code. */
  code: string;
  voiceModelSupport: boolean;
  transcription: { deepgramSupported: boolean; whisperSupported: boolean };
}

const both = { deepgramSupported: true, whisperSupported: true };
const whisperOnly = { deepgramSupported: false, whisperSupported: true };
const deepgramOnly = { deepgramSupported: true, whisperSupported: false };
const neither = { deepgramSupported: false, whisperSupported: false };

const entry = (
  name: string,
  code: string,
  voiceModelSupport: boolean,
  transcription: Language['transcription'],
): Language => ({ name, code, voiceModelSupport, transcription });

export const languages: readonly Language[] = [
  entry('English', 'en', true, both),
  entry('Arabic', 'ar', true, whisperOnly),
  entry('Bulgarian', 'bg', true, both),
  entry('Chinese', 'zh', true, both),
  entry('Croatian', 'hr', true, whisperOnly),
  entry('Czech', 'cs', true, both),
  entry('Danish', 'da', true, both),
  entry('Dutch', 'nl', true, both),
  entry('Finnish', 'fi', true, both),
  entry('French', 'fr', true, both),
  entry('German', 'de', true, both),
  entry('Greek', 'el', true, both),
  entry('Hindi', 'hi', true, both),
  entry('Hungarian', 'hu', true, both),
  entry('Indonesian', 'id', true, both),
  entry('Italian', 'it', true, both),
  entry('Japanese', 'ja', true, both),
  entry('Korean', 'ko', true, both),
  entry('Malay', 'ms', true, both),
  entry('Norwegian', 'no', true, both),
  entry('Polish', 'pl', true, both),
  entry('Portuguese', 'pt', true, both),
  entry('Romanian', 'ro', true, both),
  entry('Russian', 'ru', true, both),
  entry('Slovak', 'sk', true, both),
  entry('Spanish', 'es', true, both),
  entry('Swedish', 'sv', true, both),
  entry('Tamil', 'ta', true, both),
  entry('Turkish', 'tr', true, both),
  entry('Ukrainian', 'uk', true, both),
  entry('Vietnamese', 'vi', true, both),
  // The voice models speak Filipino, but neither transcriber in use hears it.
  entry('Filipino', 'fil', true, neither),
  // Heard, but no voice model speaks them.
  entry('Catalan', 'ca', false, both),
  entry('Estonian', 'et', false, both),
  entry('Latvian', 'lv', false, both),
  entry('Lithuanian', 'lt', false, both),
  entry('Thai', 'th', false, both),
  entry('Flemish', 'nl-BE', false, deepgramOnly),
  entry('Hebrew', 'he', false, whisperOnly),
  entry('Persian', 'fa', false, whisperOnly),
];
