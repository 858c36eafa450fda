/**
 * @module The microphone for dictation (spec/calls.md §4, §9): the stream, an analyser of size 256
 * for the waveform's level, and the samples themselves, collected by an AudioWorklet, for the WAV
 * the server recognises. `stop` answers the recording; `cancel` drops it. Both release the mic.
 */
import { encodeWav, resample } from './wav';

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

export interface Recording {
  /** The level now, 0–100 (the waveform's next point). */
  level(): number;
  /** Ends the recording: the WAV to send. */
  stop(): Promise<Blob>;
  /** Ends it and keeps nothing. */
  cancel(): void;
}

/** Asks for the microphone and starts recording; rejects when it is refused or missing. */
export async function startRecording(): Promise<Recording> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
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
    const blocks: Float32Array[] = [];
    let kept = 0;
    const limit = (context.sampleRate * MAX_RECORDING_MS) / 1000;
    capture.port.onmessage = (event: MessageEvent<Float32Array>) => {
      if (kept >= limit) return;
      blocks.push(event.data);
      kept += event.data.length;
    };
    source.connect(capture);
    const frame = new Uint8Array(ANALYSER_SIZE);
    return {
      level() {
        analyser.getByteTimeDomainData(frame);
        let sum = 0;
        for (const value of frame) sum += ((value - 128) / 128) ** 2;
        // The RMS of speech sits around 0.05–0.3: scaled so that talking fills the bar.
        return Math.min(100, Math.sqrt(sum / frame.length) * 400);
      },
      async stop() {
        capture.port.onmessage = null;
        const rate = context.sampleRate;
        release();
        const samples = new Float32Array(kept);
        let at = 0;
        for (const block of blocks) {
          samples.set(block.subarray(0, Math.min(block.length, kept - at)), at);
          at += block.length;
          if (at >= kept) break;
        }
        return encodeWav(resample(samples, rate));
      },
      cancel() {
        capture.port.onmessage = null;
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export interface MicrophoneStream {
  /** The level now, 0–100. */
  level(): number;
  /** Muted: nothing is sent (the microphone stays open). */
  setMuted(muted: boolean): void;
  stop(): void;
}

/**
 * The microphone as a stream for a call: every 100 ms its samples, averaged down to 16 kHz
 * 16-bit PCM (protocol CALL_SAMPLE_RATE), go to `onPcm`.
 */
export async function streamMicrophone(onPcm: (pcm: Int16Array) => void): Promise<MicrophoneStream> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
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
    const batch = Math.round(context.sampleRate / 10);
    let pending = new Float32Array(0);
    let muted = false;
    capture.port.onmessage = (event: MessageEvent<Float32Array>) => {
      const joined = new Float32Array(pending.length + event.data.length);
      joined.set(pending);
      joined.set(event.data, pending.length);
      pending = joined;
      if (pending.length < batch) return;
      const samples = resample(pending, context.sampleRate);
      pending = new Float32Array(0);
      if (muted) return;
      const pcm = new Int16Array(samples.length);
      for (let i = 0; i < samples.length; i += 1) {
        const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
        pcm[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
      }
      onPcm(pcm);
    };
    source.connect(capture);
    const frame = new Uint8Array(ANALYSER_SIZE);
    return {
      level() {
        analyser.getByteTimeDomainData(frame);
        let sum = 0;
        for (const value of frame) sum += ((value - 128) / 128) ** 2;
        return muted ? 0 : Math.min(100, Math.sqrt(sum / frame.length) * 400);
      },
      setMuted(next) {
        muted = next;
      },
      stop() {
        capture.port.onmessage = null;
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
