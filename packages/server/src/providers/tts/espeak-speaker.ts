/**
 * @module The local voice (DESIGN §2): Debian's `espeak-ng`, run per text with the text on standard
 * input (never as an argument), its WAV on standard output streamed as it is made. Needs no key
 * and no network; `npm start` and `npm test` install the package when it is missing.
 */
import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { type Speaker, SpeechFailed } from './speaker';

/** The voice used when a clone names none espeak-ng knows: American English. */
export const ESPEAK_DEFAULT_VOICE = 'en-us';
/** espeak-ng voice names: letters, digits, `-`, `+` (variants) and `_`. */
const VOICE_NAME = /^[A-Za-z0-9][A-Za-z0-9_+-]{0,40}$/;
/** Words per minute: a little slower than espeak-ng's 175, easier to follow. */
const WORDS_PER_MINUTE = '165';

export function espeakSpeaker(executable: string): Speaker {
  return {
    kind: 'espeak',
    async speak(text, voice, signal) {
      const name = VOICE_NAME.test(voice.voiceId) ? voice.voiceId : ESPEAK_DEFAULT_VOICE;
      const child = spawn(executable, ['--stdout', '-v', name, '-s', WORDS_PER_MINUTE], {
        stdio: ['pipe', 'pipe', 'pipe'],
        ...(signal && { signal }),
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
      });
      const exited = new Promise<number | null>((done) => {
        child.on('close', (code) => done(code));
        child.on('error', () => done(-1));
      });
      child.stdin.on('error', () => undefined);
      child.stdin.end(text);
      // Wait for the first bytes (or the end): a voice espeak-ng refuses fails here, not mid-stream.
      const first = await new Promise<Buffer | null>((done) => {
        child.stdout.once('data', (chunk: Buffer) => {
          child.stdout.pause();
          done(chunk);
        });
        child.stdout.once('end', () => done(null));
        child.once('error', () => done(null));
      });
      if (first === null) {
        const code = await exited;
        throw new SpeechFailed(`espeak-ng exited with ${code}: ${stderr.trim().slice(0, 200)}`);
      }
      child.stdout.unshift(first);
      const body = Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>;
      return { contentType: 'audio/wav', body };
    },
  };
}
