/**
 * @module What the clone profile says this deployment offers for one clone (DESIGN §2): what a
 * provider offers here, narrowed by the clone's own options — a call the clone does not allow,
 * or read aloud for a clone without a voice, is off like a feature no provider offers.
 */
import type { CloneOptions, Features } from '@doppel/protocol';

export interface CloneFeatureFacts {
  options: Pick<
    CloneOptions,
    | 'allowVoice'
    | 'allowVideo'
    | 'enableImageSending'
    | 'phoneSmsEnabled'
    | 'phoneWhatsAppEnabled'
    | 'telegramEnabled'
  >;
  /** The clone's voice (spec/chat.md §6: read aloud only when the clone has a voice). */
  voiceId: string | null;
  /** The clone's language ('English'): the local recogniser hears English only. */
  language: string;
  /** Dictation is heard by Gladia here, in any language (providers/gladia). */
  liveDictation?: boolean;
  /** Video calls run on a provider that hears any language (Tavus), not the local voice pipeline. */
  roomVideo?: boolean;
}

export function cloneFeatures(offered: Features, clone: CloneFeatureFacts): Features {
  // The local pipeline hears English only; Vapi holds a call in any voice language.
  const voiceCall =
    offered.voiceCall && clone.options.allowVoice && (offered.voiceLanguages || /^en/i.test(clone.language));
  return {
    ...offered,
    voiceCall,
    voiceLanguages: voiceCall && offered.voiceLanguages,
    // The local video call runs on the local voice pipeline: English only, as the voice call.
    videoCall:
      offered.videoCall &&
      clone.options.allowVideo &&
      (clone.roomVideo === true || /^en/i.test(clone.language)),
    readAloud: offered.readAloud && clone.voiceId !== null,
    dictation: offered.dictation && (clone.liveDictation === true || /^en/i.test(clone.language)),
    uploads: offered.uploads && clone.options.enableImageSending,
    sms: offered.sms && clone.options.phoneSmsEnabled,
    whatsapp: offered.whatsapp && clone.options.phoneWhatsAppEnabled,
    telegram: offered.telegram && clone.options.telegramEnabled,
  };
}
