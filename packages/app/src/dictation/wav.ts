/**
 * @module What the dictation route takes (protocol DICTATION_SAMPLE_RATE): the recorded samples,
 * averaged down to 16 kHz and written as a 16-bit mono PCM WAV.
 */
import { DICTATION_SAMPLE_RATE } from '@doppel/protocol';

/** `samples` at `fromRate` resampled to `toRate` (each output sample averages its input span). */
export function resample(
  samples: Float32Array,
  fromRate: number,
  toRate = DICTATION_SAMPLE_RATE,
): Float32Array {
  if (fromRate === toRate) return samples;
  const ratio = fromRate / toRate;
  const out = new Float32Array(Math.floor(samples.length / ratio));
  for (let i = 0; i < out.length; i += 1) {
    const start = Math.floor(i * ratio);
    const end = Math.min(samples.length, Math.max(start + 1, Math.floor((i + 1) * ratio)));
    let sum = 0;
    for (let j = start; j < end; j += 1) sum += samples[j] ?? 0;
    out[i] = sum / (end - start);
  }
  return out;
}

/** A 16-bit mono PCM WAV of `samples` (-1..1) at `rate`. */
export function encodeWav(samples: Float32Array, rate = DICTATION_SAMPLE_RATE): Blob {
  return new Blob([wavBytes(samples, rate)], { type: 'audio/wav' });
}

/** The bytes of `encodeWav`'s file. */
export function wavBytes(samples: Float32Array, rate = DICTATION_SAMPLE_RATE): ArrayBuffer {
  const buffer = new ArrayBuffer(44 + samples.length * 2);
  const view = new DataView(buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i += 1) view.setUint8(offset + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  const pcm = toPcm16(samples);
  for (let i = 0; i < pcm.length; i += 1) view.setInt16(44 + i * 2, pcm[i] ?? 0, true);
  return buffer;
}

/** `samples` (-1..1, clipped) as 16-bit PCM. */
export function toPcm16(samples: Float32Array): Int16Array {
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i += 1) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    pcm[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return pcm;
}
