/**
 * @module The local provider's path of a video call (spec/calls.md §4; issue 12): the clone's
 * speech tapped from the local voice pipeline (its speaking level, whether the browser blocks its
 * playback), the picture drawn while the call starts and runs (video/call-stage.ts: the portrait
 * moving with the level, the visitor's camera), and the composite — picture, camera, both voices —
 * recorded with MediaRecorder from the moment the call is live and uploaded when it ends.
 */
import type { RecordingStatus } from '@doppel/protocol';
import { type MutableRefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type ApiClient, errorMessage, setRecordingStatus, uploadRecording } from '../api';
import type { VoiceCall } from '../call/use-voice-call';
import { type Stage, startStage } from './call-stage';
import { noteIn, type VideoCallLog } from './video-call-log';

interface Mix {
  player: AudioContext;
  analyser: AnalyserNode;
  mix: MediaStreamAudioDestinationNode;
}

export interface LocalAudio {
  /** Hands the clone's speech to the analyser and the recording's mix (the voice pipeline's `tap`). */
  tap(player: AudioContext): AudioNode;
  /** The clone's speaking level now, 0–1. */
  level(): number;
  /** The browser blocks the clone's audio: the manual playback overlay asks for a click. */
  playbackBlocked: boolean;
  /** Resumes blocked playback ('Join the call'). */
  resumePlayback(): void;
  /** The player, its analyser and the recording's mix, once the call plays the clone's speech. */
  mix: MutableRefObject<Mix | null>;
}

/** The clone's speech on the local provider: its level and its playback. */
export function useLocalAudio(): LocalAudio {
  const mix = useRef<Mix | null>(null);
  const [playbackBlocked, setPlaybackBlocked] = useState(false);
  const tap = useCallback((player: AudioContext) => {
    const analyser = player.createAnalyser();
    analyser.fftSize = 256;
    const destination = player.createMediaStreamDestination();
    const gain = player.createGain();
    gain.connect(analyser);
    gain.connect(destination);
    mix.current = { player, analyser, mix: destination };
    if (player.state === 'suspended') setPlaybackBlocked(true);
    player.onstatechange = () => setPlaybackBlocked(player.state === 'suspended');
    return gain;
  }, []);
  const level = useCallback(() => {
    const analyser = mix.current?.analyser;
    if (!analyser) return 0;
    const samples = new Uint8Array(analyser.fftSize);
    analyser.getByteTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
    return Math.min(1, Math.sqrt(sum / samples.length) * 4);
  }, []);
  const resumePlayback = useCallback(() => {
    void mix.current?.player.resume();
  }, []);
  return useMemo(
    () => ({ tap, level, playbackBlocked, resumePlayback, mix }),
    [tap, level, playbackBlocked, resumePlayback],
  );
}

export interface LocalVideoOptions {
  camera: () => HTMLVideoElement | null;
  cameraStream: MediaStream | null;
  portrait: string | null;
  name: string;
}

export interface LocalVideo {
  /** The picture the visitor sees (a canvas), while a call runs on the local provider. */
  stage: Stage | null;
  /** The call `id` ended: its recording, if one runs, is stopped and uploaded. */
  finishRecording(id: string): void;
}

/** The local provider's picture and recording. */
export function useLocalVideo({
  api,
  audio,
  running,
  status,
  endCall,
  videoCallId,
  options,
  log,
  setRecording,
}: {
  api: ApiClient;
  audio: LocalAudio;
  /** The call is starting or running on the local provider: the picture is drawn. */
  running: boolean;
  status: VoiceCall['status'];
  /** Ends the call (a recording that cannot start fails it). */
  endCall: () => void;
  videoCallId: string | null;
  options: MutableRefObject<LocalVideoOptions>;
  log: MutableRefObject<VideoCallLog>;
  setRecording: (status: RecordingStatus) => void;
}): LocalVideo {
  const [stage, setStage] = useState<Stage | null>(null);
  const recorder = useRef<{ media: MediaRecorder; chunks: Blob[]; startedAt: number } | null>(null);
  const { level, mix } = audio;

  // The picture: drawn while the call is starting and running.
  useEffect(() => {
    if (!running) return;
    const { portrait: url, name } = options.current;
    const portrait = url ? new Image() : null;
    if (portrait && url) {
      portrait.crossOrigin = 'anonymous';
      portrait.src = url;
    }
    const next = startStage({ portrait, name, level, camera: () => options.current.camera() });
    setStage(next);
    return () => {
      next.stop();
      setStage(null);
    };
  }, [running, level, options]);

  // The recording: the composite from the moment the call is live (spec/calls.md §4 Pending).
  useEffect(() => {
    if (status !== 'ACTIVE' || !stage || !videoCallId || recorder.current) return;
    log.current.liveAt = Date.now();
    noteIn(log.current, 'live');
    try {
      const tracks = [...stage.recording.captureStream(24).getVideoTracks()];
      const mixed = mix.current;
      const mic = options.current.cameraStream?.getAudioTracks()[0];
      if (mixed && mic) mixed.player.createMediaStreamSource(new MediaStream([mic])).connect(mixed.mix);
      if (mixed) tracks.push(...mixed.mix.stream.getAudioTracks());
      const type = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'].find((t) =>
        MediaRecorder.isTypeSupported(t),
      );
      const media = new MediaRecorder(new MediaStream(tracks), {
        ...(type ? { mimeType: type } : {}),
        videoBitsPerSecond: 500_000,
      });
      const current = { media, chunks: [] as Blob[], startedAt: Date.now() };
      media.ondataavailable = (event) => {
        if (event.data.size > 0) current.chunks.push(event.data);
      };
      media.start(1000);
      recorder.current = current;
      setRecording('Pending');
      void setRecordingStatus(api, videoCallId, { status: 'Pending' }).catch(() => undefined);
    } catch (error) {
      // spec/calls.md §4: a recording that cannot start fails the call (recording-only-failure).
      noteIn(log.current, 'recording-failed', errorMessage(error));
      setRecording('Failed');
      log.current.endReason = 'recording-only-failure';
      void setRecordingStatus(api, videoCallId, { status: 'Failed' }).catch(() => undefined);
      endCall();
    }
  }, [status, endCall, stage, videoCallId, api, log, mix, options, setRecording]);

  const finishRecording = useCallback(
    (id: string) => {
      const rec = recorder.current;
      recorder.current = null;
      if (!rec) return;
      rec.media.onstop = () => {
        const durationMs = Date.now() - rec.startedAt;
        const blob = new Blob(rec.chunks, { type: rec.media.mimeType.split(';')[0] || 'video/webm' });
        uploadRecording(api, id, blob, durationMs).then(
          () => setRecording('Finished'),
          () => {
            setRecording('Failed');
            void setRecordingStatus(api, id, { status: 'Failed' }).catch(() => undefined);
          },
        );
      };
      if (rec.media.state !== 'inactive') rec.media.stop();
    },
    [api, setRecording],
  );

  return useMemo(() => ({ stage, finishRecording }), [stage, finishRecording]);
}
