import { type Features, NO_FEATURES } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { cloneFeatures } from './clone-features';

const everything: Features = Object.fromEntries(Object.keys(NO_FEATURES).map((k) => [k, true])) as Features;
const options = { allowVoice: true, allowVideo: true, enableImageSending: true };

describe('cloneFeatures', () => {
  it('offers nothing a provider does not offer, whatever the clone allows', () => {
    expect(cloneFeatures(NO_FEATURES, { options, voiceId: 'v1' })).toEqual(NO_FEATURES);
  });

  it("narrows what the deployment offers to the clone's options", () => {
    expect(cloneFeatures(everything, { options, voiceId: 'v1' })).toEqual(everything);
    const narrowed = cloneFeatures(everything, {
      options: { allowVoice: false, allowVideo: false, enableImageSending: false },
      voiceId: null,
    });
    expect(narrowed).toMatchObject({
      voiceCall: false,
      videoCall: false,
      readAloud: false,
      uploads: false,
      dictation: true,
      payments: true,
      googleSignIn: true,
    });
  });
});
