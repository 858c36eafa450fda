/**
 * @module Speech recognition for dictation (spec/calls.md §4; DESIGN §2): the local pocketsphinx
 * (Debian's `pocketsphinx` and `pocketsphinx-en-us`, installed by `npm start` / `npm test`) with
 * each clone's own language model (speech/clone-language-model.ts). Without it dictation is off:
 * the prompt shows no microphone.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { integer, optional, setting } from '../../config/setting';
import { provider } from '../provider';
import { findExecutable } from '../tts/find-executable';

export const POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** A clone's own model: its language model and the dictionary of just its words (fast to load). */
export interface SpeechModel {
  languageModel: string;
  dictionary: string;
}

/** Recognises one recording: 16 kHz mono 16-bit PCM WAV. */
export interface Recogniser {
  /** The pronunciation dictionary: each word and its lines (a clone model may use only these). */
  pronunciations(): Promise<ReadonlyMap<string, string[]>>;
  /** The text heard in `wav` ('' for none), with the clone's model if given, else the general one. */
  transcribe(wav: Buffer, model: SpeechModel | null): Promise<string>;
  /** Recognitions one client address may ask for per hour. */
  perIpPerHour: number;
}

export const speechProvider = provider({
  title: 'Dictation (speech recognition)',
  concern: 'dictation (speech to text)',
  localDefault:
    "pocketsphinx (Debian's `pocketsphinx` and `pocketsphinx-en-us`, installed by `npm start` / `npm test`) with a language model built from each clone's knowledge and suggested questions; English only; without it dictation is off",
  real: 'Gladia live transcription when `GLADIA_API_KEY` is set (below)',
  settings: {
    POCKETSPHINX_PATH: setting(
      optional,
      '`pocketsphinx_continuous` on `PATH`',
      'The pocketsphinx program; `off` turns dictation off.',
    ),
    POCKETSPHINX_MODEL_DIR: setting(
      optional,
      POCKETSPHINX_MODEL_DIR,
      'Its English model: the acoustic model (`en-us/`), the dictionary (`cmudict-en-us.dict`) and the general language model (`en-us.lm.bin`).',
    ),
    DICTATIONS_PER_IP_PER_HOUR: setting(
      integer(120, 1, 1_000_000),
      '120',
      'Recordings one client address may have transcribed per hour (then 429).',
    ),
  },
  read: (e) => {
    const modelDir = e.POCKETSPHINX_MODEL_DIR ?? POCKETSPHINX_MODEL_DIR;
    const executable =
      e.POCKETSPHINX_PATH === 'off' ? null : findExecutable(e.POCKETSPHINX_PATH ?? 'pocketsphinx_continuous');
    return {
      executable: executable && existsSync(join(modelDir, 'cmudict-en-us.dict')) ? executable : null,
      modelDir,
      perIpPerHour: e.DICTATIONS_PER_IP_PER_HOUR,
    };
  },
  configured: () => false,
  // The local voice call hears the caller with the same recogniser (and speaks with read aloud's);
  // the local video call is that voice call on the video screen (providers/video).
  offers: (c) => ({
    dictation: c.executable !== null,
    voiceCall: c.executable !== null,
    videoCall: c.executable !== null,
  }),
  create: (c, _deps: Record<string, never>): Recogniser | null =>
    c.executable ? pocketsphinx(c.executable, c.modelDir, c.perIpPerHour) : null,
});

export type SpeechConfig = ReturnType<typeof speechProvider.read>;

/** At most this many recognitions run at once in one process (each takes a core for ~0.5 s). */
const CONCURRENT = 2;
const TIMEOUT_MS = 30_000;

function pocketsphinx(executable: string, modelDir: string, perIpPerHour: number): Recogniser {
  let words: Promise<ReadonlyMap<string, string[]>> | null = null;
  let running = 0;
  const waiting: (() => void)[] = [];
  const slot = async () => {
    if (running >= CONCURRENT) await new Promise<void>((go) => waiting.push(go));
    running += 1;
  };
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return {
    perIpPerHour,
    pronunciations() {
      words ??= readFile(join(modelDir, 'cmudict-en-us.dict'), 'utf8').then((dict) => {
        const map = new Map<string, string[]>();
        for (const line of dict.split('\n')) {
          // Alternative pronunciations are written `word(2)`: the word is what counts.
          const word = line.split(' ')[0]?.replace(/\(\d+\)$/, '');
          if (!word) continue;
          const lines = map.get(word);
          if (lines) lines.push(line);
          else map.set(word, [line]);
        }
        return map;
      });
      return words;
    },
    async transcribe(wav, model) {
      await slot();
      const dir = await mkdtemp(join(tmpdir(), 'doppel-dictation-'));
      try {
        const file = join(dir, 'recording.wav');
        await writeFile(file, wav);
        const args = [
          '-infile',
          file,
          '-hmm',
          join(modelDir, 'en-us'),
          '-dict',
          model?.dictionary ?? join(modelDir, 'cmudict-en-us.dict'),
          '-lm',
          model?.languageModel ?? join(modelDir, 'en-us.lm.bin'),
          '-logfn',
          '/dev/null',
        ];
        const out = await new Promise<string>((resolve, reject) => {
          execFile(executable, args, { timeout: TIMEOUT_MS, maxBuffer: 1 << 20 }, (error, stdout) =>
            error ? reject(error) : resolve(stdout),
          );
        });
        // One line per utterance the recogniser found in the recording.
        return out
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .join(' ');
      } finally {
        release();
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
