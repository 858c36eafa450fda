/**
 * @module espeak-ng streams its WAV with placeholder sizes (it does not know the length yet);
 * the copy kept in the cache gets the real ones, so any player can seek in it.
 */

/** `bytes` with the RIFF and data chunk sizes set to what follows them (a copy when it is a WAV). */
export function withWavSizes(bytes: Uint8Array): Uint8Array {
  const text = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 44 || text(0) !== 'RIFF' || text(8) !== 'WAVE') return bytes;
  const fixed = new Uint8Array(bytes);
  const view = new DataView(fixed.buffer, fixed.byteOffset, fixed.byteLength);
  view.setUint32(4, fixed.length - 8, true);
  // Walk the chunks to `data` (espeak-ng writes only `fmt `, but others may add more).
  let at = 12;
  while (at + 8 <= fixed.length) {
    const id = text(at);
    const size = view.getUint32(at + 4, true);
    if (id === 'data') {
      view.setUint32(at + 4, fixed.length - at - 8, true);
      break;
    }
    at += 8 + size + (size % 2);
  }
  return fixed;
}
