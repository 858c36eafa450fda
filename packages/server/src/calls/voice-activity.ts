/**
 * @module Where speech starts and ends in the caller's microphone audio (16 kHz mono 16-bit PCM),
 * by energy: speech once 60 ms run above the threshold, its end after 700 ms below it; an
 * utterance keeps 200 ms from before it began and is cut at 15 s. Pure: fed frames, it answers
 * what happened.
 */

export const SAMPLE_RATE = 16_000;
/** 20 ms windows. */
const WINDOW = SAMPLE_RATE / 50;
/** RMS (of samples in -1..1) above which a window is speech: about -36 dBFS. */
const THRESHOLD = 0.016;
const START_WINDOWS = 3;
const END_WINDOWS = 35;
const PRE_ROLL_WINDOWS = 10;
const MAX_WINDOWS = 15 * 50;

export type VoiceActivity =
  | { type: 'speech-started' }
  /** One utterance's samples, ready to recognise. */
  | { type: 'utterance'; pcm: Int16Array };

export function voiceActivity() {
  let pending = new Int16Array(0);
  const recent: Int16Array[] = [];
  let speech: Int16Array[] | null = null;
  let loud = 0;
  let quiet = 0;

  const rms = (window: Int16Array) => {
    let sum = 0;
    for (const sample of window) sum += (sample / 32768) ** 2;
    return Math.sqrt(sum / window.length);
  };
  const joined = (parts: Int16Array[]) => {
    const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  };

  return {
    /** Feeds samples; answers what they started or ended. */
    push(samples: Int16Array): VoiceActivity[] {
      const events: VoiceActivity[] = [];
      const all = joined([pending, samples]);
      let at = 0;
      for (; at + WINDOW <= all.length; at += WINDOW) {
        const window = all.slice(at, at + WINDOW);
        const isLoud = rms(window) > THRESHOLD;
        if (speech) {
          speech.push(window);
          quiet = isLoud ? 0 : quiet + 1;
          if (quiet >= END_WINDOWS || speech.length >= MAX_WINDOWS) {
            events.push({ type: 'utterance', pcm: joined(speech) });
            speech = null;
            quiet = 0;
            loud = 0;
          }
          continue;
        }
        recent.push(window);
        if (recent.length > PRE_ROLL_WINDOWS) recent.shift();
        loud = isLoud ? loud + 1 : 0;
        if (loud >= START_WINDOWS) {
          speech = [...recent];
          recent.length = 0;
          quiet = 0;
          events.push({ type: 'speech-started' });
        }
      }
      pending = all.slice(at);
      return events;
    },
  };
}
