import type { Language } from './languages';

/**
 * The Deepgram model that hears `language` on a call: nova-3 for English, enhanced for Tamil,
 * base for Chinese, nova-2 for every other language.
 * Why: spec/calls.md §9 "Transcription model by language: enhanced for Tamil, base for Chinese,
 * nova-3 English, else nova-2."
 */
export function transcriptionModel(language: Language): 'nova-3' | 'nova-2' | 'enhanced' | 'base' {
  if (language.code === 'en') return 'nova-3';
  if (language.code === 'ta') return 'enhanced';
  if (language.code === 'zh') return 'base';
  return 'nova-2';
}
