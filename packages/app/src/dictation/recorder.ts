/**
 * @module The microphone for dictation and calls (spec/calls.md §4, §9): the stream, an analyser
 * of size 256 for the level, and the samples themselves, collected by an AudioWorklet. Dictation
 * keeps them for the WAV the server recognises (`startRecording`); a call sends them every 100 ms
 * (`streamMicrophone`). Stopping releases the microphone.
 */
import { encodeWav, resample, toPcm16 } from './wav';

/** spec/calls.md §9: the analyser's size. */
const ANALYSER_SIZE = 256;
/** The longest recording the server takes (protocol DICTATION_MAX_SECONDS), less a margin. */
export const MAX_RECORDING_MS = 58_000;

/** Copies each block of input samples to the page; outputs nothing (the page stays silent). */
const WORKLET = `registerProcessor('doppel-capture', class extends AudioWorkletProcessor {
  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (channel) this.port.postMessage(channel.slice(0));
    return true;
  }
});`;

/** An open microphone: its samples go to the `onBlock` it was opened with. */
interface Microphone {
  /** The samples' rate (the audio context's). */
  rate: number;
  /** The level now, 0–100 (the waveform's next point). */
  level(): number;
  /** Stops the samples and releases the microphone. */
  close(): void;
}

/** Asks for the microphone and sends its samples to `onBlock`; rejects when refused or missing. */
async function openMicrophone(
  onBlock: (samples: Float32Array) => void,
  deviceId: string | null = null,
): Promise<Microphone> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: {
      channelCount: 1,
      echoCancellation: true,
      noiseSuppression: true,
      ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
    },
  });
  const context = new AudioContext();
  const release = () => {
    for (const track of stream.getTracks()) track.stop();
    void context.close().catch(() => undefined);
  };
  try {
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = ANALYSER_SIZE;
    source.connect(analyser);
    const url = URL.createObjectURL(new Blob([WORKLET], { type: 'text/javascript' }));
    try {
      await context.audioWorklet.addModule(url);
    } finally {
      URL.revokeObjectURL(url);
    }
    const capture = new AudioWorkletNode(context, 'doppel-capture', { numberOfOutputs: 0 });
    capture.port.onmessage = (event: MessageEvent<Float32Array>) => onBlock(event.data);
    source.connect(capture);
    const frame = new Uint8Array(ANALYSER_SIZE);
    return {
      rate: context.sampleRate,
      level() {
        analyser.getByteTimeDomainData(frame);
        let sum = 0;
        for (const value of frame) sum += ((value - 128) / 128) ** 2;
        // The RMS of speech sits around 0.05–0.3: scaled so that talking fills the bar.
        return Math.min(100, Math.sqrt(sum / frame.length) * 400);
      },
      close() {
        capture.port.onmessage = null;
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export interface Recording {
  /** The level now, 0–100 (the waveform's next point). */
  level(): number;
  /**
   * Hands the samples to `onBlock` as they come (at the microphone's `rate`), starting with those
   * recorded so far: a live transcription joins once its session is open.
   */
  listen(onBlock: (samples: Float32Array, rate: number) => void): void;
  /** Ends the recording: the WAV to send. */
  stop(): Promise<Blob>;
  /** Ends it and keeps nothing. */
  cancel(): void;
}

/** Asks for the microphone and starts recording; rejects when it is refused or missing. */
export async function startRecording(): Promise<Recording> {
  const blocks: Float32Array[] = [];
  let kept = 0;
  let limit = Number.POSITIVE_INFINITY;
  let listener: ((samples: Float32Array, rate: number) => void) | null = null;
  const mic = await openMicrophone((block) => {
    if (kept >= limit) return;
    blocks.push(block);
    kept += block.length;
    listener?.(block, mic.rate);
  });
  limit = (mic.rate * MAX_RECORDING_MS) / 1000;
  return {
    level: mic.level,
    listen(onBlock) {
      for (const block of blocks) onBlock(block, mic.rate);
      listener = onBlock;
    },
    async stop() {
      mic.close();
      const samples = new Float32Array(Math.min(kept, limit));
      let at = 0;
      for (const block of blocks) {
        if (at >= samples.length) break;
        samples.set(block.subarray(0, samples.length - at), at);
        at += block.length;
      }
      return encodeWav(resample(samples, mic.rate));
    },
    cancel: mic.close,
  };
}

export interface MicrophoneStream {
  /** The level now, 0–100 (0 while muted). */
  level(): number;
  /** Muted: nothing is sent (the microphone stays open). */
  setMuted(muted: boolean): void;
  stop(): void;
}

/**
 * The microphone as a stream for a call: every 100 ms its samples, averaged down to 16 kHz
 * 16-bit PCM (protocol CALL_SAMPLE_RATE), go to `onPcm`.
 */
export async function streamMicrophone(
  onPcm: (pcm: Int16Array) => void,
  /** The microphone chosen in the video screen's settings; the default one when null. */
  deviceId: string | null = null,
): Promise<MicrophoneStream> {
  let pending = new Float32Array(0);
  let muted = false;
  let batch = Number.POSITIVE_INFINITY;
  let rate = 0;
  const mic = await openMicrophone((block) => {
    const joined = new Float32Array(pending.length + block.length);
    joined.set(pending);
    joined.set(block, pending.length);
    pending = joined;
    if (pending.length < batch) return;
    const samples = resample(pending, rate);
    pending = new Float32Array(0);
    if (!muted) onPcm(toPcm16(samples));
  }, deviceId);
  rate = mic.rate;
  batch = Math.round(rate / 10);
  return {
    level: () => (muted ? 0 : mic.level()),
    setMuted(next) {
      muted = next;
    },
    stop: mic.close,
  };
}
