/**
 * @module Chromium's fake microphone saying a question (issue 11): espeak-ng speaks it, with quiet
 * before and after (the fake device plays the file in a loop), into a WAV written before the
 * browser starts; `test.use(fakeMicrophone(…))` launches Chromium with it and the microphone
 * granted.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pcmWav } from '../../packages/server/src/speech/wav';
import { spokenWav } from '../../packages/server/test/support/speech-wav';

export function fakeMicrophone(question: string, quiet: { before: number; after: number }) {
  const speech = spokenWav(question).subarray(44);
  const silence = (seconds: number) => Buffer.alloc(Math.round(16_000 * seconds) * 2);
  const pcm = Buffer.concat([silence(quiet.before), speech, silence(quiet.after)]);
  const file = join(mkdtempSync(join(tmpdir(), 'doppel-microphone-')), 'question.wav');
  writeFileSync(file, pcmWav(new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2)));
  return {
    permissions: ['microphone'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        // The clone's answer plays without a click on the page first.
        '--autoplay-policy=no-user-gesture-required',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${file}`,
      ],
    },
  };
}
