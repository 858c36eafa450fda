import {
  EMBED_FRAME_MESSAGE_TYPES,
  EMBED_HOST_MESSAGE_TYPES,
  EMBED_NAMESPACE,
  EMBED_PROTOCOL_VERSION,
  EmbedFrameMessage,
  EmbedHostMessage,
} from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { events } from './index';
import { FRAME_TYPES, HOST_TYPES, NS, V } from './names';

describe("the loader's copy of the bridge names", () => {
  it('matches the protocol: namespace, version, both message lists in order', () => {
    expect(NS).toBe(EMBED_NAMESPACE);
    expect(V).toBe(EMBED_PROTOCOL_VERSION);
    expect([...FRAME_TYPES]).toEqual(EMBED_FRAME_MESSAGE_TYPES);
    expect([...HOST_TYPES]).toEqual(EMBED_HOST_MESSAGE_TYPES);
  });

  it('every event the host page hears is a protocol frame message', () => {
    for (const name of events) expect(EMBED_FRAME_MESSAGE_TYPES).toContain(name);
  });

  it('the messages the loader builds parse with the iframe side schemas', () => {
    const welcome = {
      ns: NS,
      v: V,
      type: 'welcome',
      id: 'doppel-1',
      payload: { mode: 'bubble', open: true },
    };
    expect(EmbedHostMessage.safeParse(welcome).success).toBe(true);
    for (const type of ['open', 'close'] as const) {
      expect(EmbedHostMessage.safeParse({ ns: NS, v: V, type, id: 'doppel-1' }).success).toBe(true);
    }
    const prefill = { ns: NS, v: V, type: 'prefill', id: 'doppel-1', payload: { text: 'Hi' } };
    expect(EmbedHostMessage.safeParse(prefill).success).toBe(true);
    const hello = { ns: NS, v: V, type: 'hello', id: '' };
    expect(EmbedFrameMessage.safeParse(hello).success).toBe(true);
    const voice = { ns: NS, v: V, type: 'voice-exhausted', id: 'doppel-1', payload: {} };
    expect(EmbedFrameMessage.safeParse(voice).success).toBe(false);
  });
});
