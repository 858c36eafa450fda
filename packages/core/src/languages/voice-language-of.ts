import { isVoiceLanguage } from './is-voice-language';
import { type Language, languages } from './languages';

/** The languages a call can be held in (spec/calls.md §9: 31), English first, then by name. */
export const VOICE_LANGUAGES: readonly Language[] = languages.filter(isVoiceLanguage);

/**
 * The voice language for `wanted` — a code (`fr`, `pt-BR`) or a name (`French`), any case — or
 * English when it names none (a clone's or a visitor's language that no call can be held in).
 */
export function voiceLanguageOf(wanted: string | null | undefined): Language {
  const value = (wanted ?? '').trim().toLowerCase();
  const base = value.split('-')[0] ?? '';
  const english = VOICE_LANGUAGES[0];
  if (!english) throw new Error('the languages list has no voice language');
  return (
    VOICE_LANGUAGES.find((l) => l.code.toLowerCase() === value) ??
    VOICE_LANGUAGES.find((l) => l.name.toLowerCase() === value) ??
    VOICE_LANGUAGES.find((l) => l.code === base) ??
    english
  );
}
