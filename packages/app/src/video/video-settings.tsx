/**
 * @module The video screen's settings (spec/calls.md §2): which camera and microphone to use. A
 * new camera takes over at once; a new microphone is heard from the next call (the running call
 * keeps the one it started with), and the panel says so.
 */
import { CloseIcon } from '../components/icons';
import type { Camera } from './use-camera';

export function VideoSettings({
  camera,
  inCall,
  onClose,
}: {
  camera: Camera;
  inCall: boolean;
  onClose: () => void;
}) {
  return (
    <section className="video-settings" aria-label="Call settings">
      <header>
        <h2>Settings</h2>
        <button type="button" className="icon-btn" aria-label="Close settings" onClick={onClose}>
          <CloseIcon />
        </button>
      </header>
      <label>
        Camera
        <select
          value={camera.cameraId ?? ''}
          onChange={(event) => camera.chooseCamera(event.target.value)}
          disabled={camera.devices.cameras.length === 0}
        >
          {camera.devices.cameras.length === 0 && <option value="">No cameras found</option>}
          {camera.devices.cameras.map((device, i) => (
            <option key={device.deviceId} value={device.deviceId}>
              {device.label || `Camera ${i + 1}`}
            </option>
          ))}
        </select>
      </label>
      <label>
        Microphone
        <select
          value={camera.microphoneId ?? ''}
          onChange={(event) => camera.chooseMicrophone(event.target.value)}
          disabled={camera.devices.microphones.length === 0}
        >
          {camera.devices.microphones.length === 0 && <option value="">No microphones found</option>}
          {camera.devices.microphones.map((device, i) => (
            <option key={device.deviceId} value={device.deviceId}>
              {device.label || `Microphone ${i + 1}`}
            </option>
          ))}
        </select>
      </label>
      {inCall && <p className="video-settings-note">A new microphone is used from your next call.</p>}
    </section>
  );
}
