/** @module 16-bit mono PCM as a WAV file: what the recogniser reads (and what the tests speak). */

/** A 16-bit mono WAV of `pcm` at `rate` (16 kHz by default, the recogniser's). */
export function pcmWav(pcm: Int16Array, rate = 16_000): Buffer {
  const out = Buffer.alloc(44 + pcm.length * 2);
  out.write('RIFF', 0);
  out.writeUInt32LE(36 + pcm.length * 2, 4);
  out.write('WAVE', 8);
  out.write('fmt ', 12);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36);
  out.writeUInt32LE(pcm.length * 2, 40);
  Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength).copy(out, 44);
  return out;
}
