/**
 * @module Spoken test recordings: espeak-ng says the text, resampled to the 16 kHz mono 16-bit WAV
 * the dictation route takes (espeak-ng speaks at 22,050 Hz).
 */
import { execFileSync } from 'node:child_process';
import { pcmWav } from '../../src/speech/wav';

/** The PCM samples and rate of a 16-bit mono WAV. */
function samplesOf(wav: Buffer): { rate: number; samples: Int16Array } {
  const rate = wav.readUInt32LE(24);
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    // espeak-ng writes its data size as 0xffffffff when it streams: take what is there.
    if (id === 'data') {
      const data = wav.subarray(offset + 8, Math.min(wav.length, offset + 8 + size));
      return {
        rate,
        samples: new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + (data.length & ~1))),
      };
    }
    offset += 8 + size;
  }
  throw new Error('no data chunk');
}

/** A 16-bit mono WAV of `samples` at `rate`. */
export const wavOf = (samples: Int16Array, rate: number): Buffer => pcmWav(samples, rate);

/** `text` spoken by espeak-ng, as a `rate` Hz mono 16-bit WAV (linear resampling). */
export function spokenWav(text: string, rate = 16_000): Buffer {
  const { rate: from, samples } = samplesOf(execFileSync('espeak-ng', ['--stdout', '-s', '150', text]));
  const length = Math.floor((samples.length * rate) / from);
  const out = new Int16Array(length);
  for (let i = 0; i < length; i += 1) {
    const x = (i * from) / rate;
    const j = Math.floor(x);
    const a = samples[Math.min(j, samples.length - 1)] ?? 0;
    const b = samples[Math.min(j + 1, samples.length - 1)] ?? 0;
    out[i] = Math.round(a + (b - a) * (x - j));
  }
  return wavOf(out, rate);
}
