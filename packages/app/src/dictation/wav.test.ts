import { describe, expect, it } from 'vitest';
import { encodeWav, resample, wavBytes } from './wav';

describe('the dictation recording', () => {
  it('averages 48 kHz down to 16 kHz', () => {
    const input = Float32Array.from({ length: 48 }, (_, i) => (i % 3 === 0 ? 0.3 : 0));
    const out = resample(input, 48_000);
    expect(out.length).toBe(16);
    for (const value of out) expect(value).toBeCloseTo(0.1, 5);
  });

  it('writes a 16 kHz mono 16-bit PCM WAV, clipping what is out of range', () => {
    expect(encodeWav(Float32Array.from([0])).type).toBe('audio/wav');
    const view = new DataView(wavBytes(Float32Array.from([0, 0.5, -1, 2])));
    const text = (at: number) => String.fromCharCode(...new Uint8Array(view.buffer, at, 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(8);
    expect([0, 1, 2, 3].map((i) => view.getInt16(44 + i * 2, true))).toEqual([0, 16383, -32768, 32767]);
  });
});
