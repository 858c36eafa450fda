import { type Features, NO_FEATURES } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { cloneFeatures } from './clone-features';

const everything: Features = Object.fromEntries(Object.keys(NO_FEATURES).map((k) => [k, true])) as Features;
const options = {
  allowVoice: true,
  allowVideo: true,
  enableImageSending: true,
  phoneSmsEnabled: true,
  phoneWhatsAppEnabled: true,
  telegramEnabled: true,
};

describe('cloneFeatures', () => {
  it('offers nothing a provider does not offer, whatever the clone allows', () => {
    expect(cloneFeatures(NO_FEATURES, { options, voiceId: 'v1', language: 'English' })).toEqual(NO_FEATURES);
  });

  it("narrows what the deployment offers to the clone's options", () => {
    expect(cloneFeatures(everything, { options, voiceId: 'v1', language: 'English' })).toEqual(everything);
    const narrowed = cloneFeatures(everything, {
      options: {
        allowVoice: false,
        allowVideo: false,
        enableImageSending: false,
        phoneSmsEnabled: false,
        phoneWhatsAppEnabled: false,
        telegramEnabled: true,
      },
      voiceId: null,
      language: 'English',
    });
    expect(narrowed).toMatchObject({
      voiceCall: false,
      videoCall: false,
      readAloud: false,
      uploads: false,
      sms: false,
      whatsapp: false,
      telegram: true,
      dictation: true,
      payments: true,
      googleSignIn: true,
    });
  });

  it('offers calls in English only on the local pipeline, in any language with voice languages (Vapi)', () => {
    const local = { ...everything, voiceLanguages: false };
    expect(cloneFeatures(local, { options, voiceId: null, language: 'French' }).voiceCall).toBe(false);
    expect(cloneFeatures(local, { options, voiceId: null, language: 'English' })).toMatchObject({
      voiceCall: true,
      voiceLanguages: false,
    });
    expect(cloneFeatures(everything, { options, voiceId: null, language: 'French' })).toMatchObject({
      voiceCall: true,
      voiceLanguages: true,
    });
    expect(
      cloneFeatures(everything, {
        options: { ...options, allowVoice: false },
        voiceId: null,
        language: 'French',
      }),
    ).toMatchObject({ voiceCall: false, voiceLanguages: false });
  });

  it('offers dictation only to clones that speak English (the local recogniser hears English)', () => {
    expect(cloneFeatures(everything, { options, voiceId: null, language: 'English' }).dictation).toBe(true);
    expect(cloneFeatures(everything, { options, voiceId: null, language: 'French' }).dictation).toBe(false);
    // Gladia hears any language.
    expect(
      cloneFeatures(everything, { options, voiceId: null, language: 'French', liveDictation: true })
        .dictation,
    ).toBe(true);
  });

  it('offers the local video call only to clones that speak English (it runs on the voice pipeline)', () => {
    expect(cloneFeatures(everything, { options, voiceId: null, language: 'English' }).videoCall).toBe(true);
    expect(cloneFeatures(everything, { options, voiceId: null, language: 'French' }).videoCall).toBe(false);
    // A room provider (Tavus) hears any language.
    expect(
      cloneFeatures(everything, { options, voiceId: null, language: 'French', roomVideo: true }).videoCall,
    ).toBe(true);
  });
});
