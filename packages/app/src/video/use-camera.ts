/**
 * @module The visitor's camera and microphone on the video screen (spec/calls.md §2, §3, §8):
 * the camera states (NotSetup, SettingUp, Ready, Error), the devices to choose from in the
 * settings, the camera toggle, and the messages the self-view shows ('Your camera is turned off',
 * 'Your camera is not available', 'No cameras found', 'No microphones found').
 */
import {
  CAMERA_OFF,
  CAMERA_UNAVAILABLE,
  type CameraState,
  NO_CAMERAS,
  NO_MICROPHONES,
} from '@doppel/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Devices {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

export interface Camera {
  state: CameraState;
  /** The camera's picture (and the microphone, for the recording); null until it is set up. */
  stream: MediaStream | null;
  /** Turned off by the visitor. */
  off: boolean;
  /** What the self-view says instead of the picture; null while it shows the camera. */
  message: string | null;
  /** No microphone on this device: a call cannot start. */
  noMicrophone: boolean;
  devices: Devices;
  cameraId: string | null;
  microphoneId: string | null;
  /** Asks for the camera and microphone (the device request overlay shows meanwhile). */
  setUp(): Promise<void>;
  toggle(): void;
  chooseCamera(id: string): void;
  chooseMicrophone(id: string): void;
  release(): void;
}

export function useCamera(): Camera {
  const [state, setState] = useState<CameraState>('NotSetup');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [off, setOff] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [devices, setDevices] = useState<Devices>({ cameras: [], microphones: [] });
  const [cameraId, setCameraId] = useState<string | null>(null);
  const [microphoneId, setMicrophoneId] = useState<string | null>(null);
  const current = useRef<MediaStream | null>(null);

  const release = useCallback(() => {
    for (const track of current.current?.getTracks() ?? []) track.stop();
    current.current = null;
    setStream(null);
  }, []);

  const open = useCallback(
    async (camera: string | null, microphone: string | null) => {
      setState('SettingUp');
      setError(null);
      const listed = await navigator.mediaDevices.enumerateDevices().catch(() => []);
      const found = {
        cameras: listed.filter((d) => d.kind === 'videoinput'),
        microphones: listed.filter((d) => d.kind === 'audioinput'),
      };
      if (found.cameras.length === 0 && listed.length > 0) {
        setDevices(found);
        setError(NO_CAMERAS);
        setState('Error');
        return;
      }
      try {
        const next = await navigator.mediaDevices.getUserMedia({
          video: camera ? { deviceId: { exact: camera } } : { width: 1280, height: 720 },
          audio: microphone ? { deviceId: { exact: microphone } } : true,
        });
        release();
        current.current = next;
        setStream(next);
        setState('Ready');
        // Labels are only given once access is granted: list them again.
        const granted = await navigator.mediaDevices.enumerateDevices().catch(() => listed);
        setDevices({
          cameras: granted.filter((d) => d.kind === 'videoinput'),
          microphones: granted.filter((d) => d.kind === 'audioinput'),
        });
        setCameraId(next.getVideoTracks()[0]?.getSettings().deviceId ?? camera);
        setMicrophoneId(next.getAudioTracks()[0]?.getSettings().deviceId ?? microphone);
      } catch (failure) {
        const name = failure instanceof DOMException ? failure.name : '';
        setError(name === 'NotFoundError' ? NO_CAMERAS : CAMERA_UNAVAILABLE);
        setState('Error');
      }
    },
    [release],
  );

  const setUp = useCallback(() => open(cameraId, microphoneId), [open, cameraId, microphoneId]);
  const toggle = useCallback(() => {
    setOff((was) => {
      for (const track of current.current?.getVideoTracks() ?? []) track.enabled = was;
      return !was;
    });
  }, []);
  const chooseCamera = useCallback((id: string) => void open(id, microphoneId), [open, microphoneId]);
  const chooseMicrophone = useCallback((id: string) => void open(cameraId, id), [open, cameraId]);
  useEffect(() => release, [release]);

  const noMicrophone = state !== 'NotSetup' && devices.microphones.length === 0 && state !== 'SettingUp';
  const message = off ? CAMERA_OFF : (error ?? (noMicrophone && state === 'Ready' ? NO_MICROPHONES : null));
  return {
    state,
    stream,
    off,
    message,
    noMicrophone,
    devices,
    cameraId,
    microphoneId,
    setUp,
    toggle,
    chooseCamera,
    chooseMicrophone,
    release,
  };
}
