import { describe, expect, it } from 'vitest';
import {
  isVoiceLanguage,
  type Language,
  languages,
  transcriptionModel,
  VOICE_LANGUAGES,
  voiceLanguageOf,
} from '.';

const language = (voice: boolean, deepgram: boolean, whisper: boolean): Language => ({
  name: 'Test',
  code: 'xx',
  voiceModelSupport: voice,
  transcription: { deepgramSupported: deepgram, whisperSupported: whisper },
});

describe('isVoiceLanguage', () => {
  it('needs a voice model and at least one of the two transcription engines', () => {
    expect(isVoiceLanguage(language(true, true, true))).toBe(true);
    expect(isVoiceLanguage(language(true, true, false))).toBe(true);
    expect(isVoiceLanguage(language(true, false, true))).toBe(true);
    expect(isVoiceLanguage(language(true, false, false))).toBe(false);
    expect(isVoiceLanguage(language(false, true, true))).toBe(false);
    expect(isVoiceLanguage(language(false, false, false))).toBe(false);
  });
});

describe('the languages list', () => {
  it('has 31 voice languages, English first, every code and name once', () => {
    expect(VOICE_LANGUAGES).toHaveLength(31);
    expect(VOICE_LANGUAGES[0]?.code).toBe('en');
    expect(new Set(languages.map((l) => l.code)).size).toBe(languages.length);
    expect(new Set(languages.map((l) => l.name)).size).toBe(languages.length);
  });

  it('keeps out the languages no call can be held in', () => {
    const codes = VOICE_LANGUAGES.map((l) => l.code);
    expect(codes).not.toContain('fil'); // spoken, not heard
    expect(codes).not.toContain('th'); // heard, not spoken
    expect(codes).toEqual(expect.arrayContaining(['fr', 'ta', 'zh', 'ar', 'hr', 'vi']));
  });
});

describe('voiceLanguageOf', () => {
  it('finds a voice language by code, region code or name, in any case; English otherwise', () => {
    expect(voiceLanguageOf('fr').name).toBe('French');
    expect(voiceLanguageOf('pt-BR').name).toBe('Portuguese');
    expect(voiceLanguageOf('German').code).toBe('de');
    expect(voiceLanguageOf(' SPANISH ').code).toBe('es');
    expect(voiceLanguageOf('Thai').code).toBe('en');
    expect(voiceLanguageOf('Klingon').code).toBe('en');
    expect(voiceLanguageOf(null).code).toBe('en');
  });
});

describe('transcriptionModel', () => {
  it('is nova-3 for English, enhanced for Tamil, base for Chinese, nova-2 otherwise', () => {
    expect(transcriptionModel(voiceLanguageOf('en'))).toBe('nova-3');
    expect(transcriptionModel(voiceLanguageOf('ta'))).toBe('enhanced');
    expect(transcriptionModel(voiceLanguageOf('zh'))).toBe('base');
    expect(transcriptionModel(voiceLanguageOf('fr'))).toBe('nova-2');
  });
});
