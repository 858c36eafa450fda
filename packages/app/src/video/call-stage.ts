/**
 * @module The local video call's picture (issue 12): the clone's portrait, animated by how loud
 * the clone is speaking (an honest stand-in, no generated face), drawn on a canvas at the
 * recording's 1280×720 (spec/calls.md §9); the recording's frame adds the visitor's camera in a
 * corner. The same drawing is what the visitor sees and what is recorded.
 */
import { VIDEO } from '@doppel/protocol';

export interface StageInput {
  portrait: HTMLImageElement | null;
  name: string;
  /** The clone's speaking level now, 0–1. */
  level(): number;
  /** The visitor's camera, drawn in the recording's corner when it is on. */
  camera(): HTMLVideoElement | null;
}

export interface Stage {
  /** What the visitor sees: the portrait, animated. */
  canvas: HTMLCanvasElement;
  /** What is recorded: the same picture with the visitor's camera in the corner. */
  recording: HTMLCanvasElement;
  stop(): void;
}

const W = VIDEO.recordingWidth;
const H = VIDEO.recordingHeight;

function drawPortrait(g: CanvasRenderingContext2D, input: StageInput, level: number, t: number) {
  const gradient = g.createLinearGradient(0, 0, W, H);
  gradient.addColorStop(0, '#141a2e');
  gradient.addColorStop(1, '#2a1f3d');
  g.fillStyle = gradient;
  g.fillRect(0, 0, W, H);
  const cx = W / 2;
  const cy = H / 2;
  const radius = 190 * (1 + level * 0.08);
  // Rings that swell with the voice, and breathe slowly while the clone is quiet.
  for (let ring = 3; ring >= 1; ring -= 1) {
    const breathe = Math.sin(t / 900 + ring) * 4;
    g.beginPath();
    g.arc(cx, cy, radius + ring * (18 + level * 36) + breathe, 0, Math.PI * 2);
    g.fillStyle = `rgba(124, 140, 255, ${0.05 + level * 0.12 * (4 - ring)})`;
    g.fill();
  }
  g.save();
  g.beginPath();
  g.arc(cx, cy, radius, 0, Math.PI * 2);
  g.clip();
  if (input.portrait?.complete && input.portrait.naturalWidth > 0) {
    const img = input.portrait;
    const scale = Math.max((radius * 2) / img.naturalWidth, (radius * 2) / img.naturalHeight);
    const w = img.naturalWidth * scale;
    const h = img.naturalHeight * scale;
    g.drawImage(img, cx - w / 2, cy - h / 2, w, h);
  } else {
    g.fillStyle = '#4b55c8';
    g.fillRect(cx - radius, cy - radius, radius * 2, radius * 2);
    g.fillStyle = '#fff';
    g.font = '600 150px system-ui, sans-serif';
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(input.name.slice(0, 1).toUpperCase(), cx, cy);
  }
  g.restore();
}

/** Starts drawing; `stop` ends it. */
export function startStage(input: StageInput): Stage {
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const recording = document.createElement('canvas');
  recording.width = W;
  recording.height = H;
  const g = canvas.getContext('2d');
  const r = recording.getContext('2d');
  let level = 0;
  let frame = 0;
  const draw = (t: number) => {
    // Smoothed, so the picture moves with the voice rather than with every sample.
    level = level * 0.6 + Math.min(1, input.level()) * 0.4;
    if (g) drawPortrait(g, input, level, t);
    if (r) {
      r.drawImage(canvas, 0, 0);
      const camera = input.camera();
      if (camera && camera.readyState >= 2 && camera.videoWidth > 0) {
        const w = 320;
        const h = Math.round((w * camera.videoHeight) / camera.videoWidth);
        r.drawImage(camera, W - w - 32, H - h - 32, w, h);
      }
    }
    frame = requestAnimationFrame(draw);
  };
  frame = requestAnimationFrame(draw);
  return { canvas, recording, stop: () => cancelAnimationFrame(frame) };
}
