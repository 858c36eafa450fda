/**
 * @module The visitor's camera as a draggable self-view (spec/calls.md §2, §9): dragged anywhere,
 * it snaps to the nearest corner when let go (snap-corner.ts); 320×192 on wide screens, 96×156
 * on phones; says why when there is no picture.
 */
import { useEffect, useRef, useState } from 'react';
import { type Corner, cornerPosition, nearestCorner, selfViewBox } from './snap-corner';

export function SelfView({ stream, message }: { stream: MediaStream | null; message: string | null }) {
  const video = useRef<HTMLVideoElement>(null);
  const [corner, setCorner] = useState<Corner>('bottom-right');
  const [drag, setDrag] = useState<{ left: number; top: number; dx: number; dy: number } | null>(null);
  const [area, setArea] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  useEffect(() => {
    const parent = box.current?.parentElement;
    if (!parent) return;
    const measure = () => setArea({ width: parent.clientWidth, height: parent.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(parent);
    return () => observer.disconnect();
  }, []);
  const size = selfViewBox(area.width);
  const rest = cornerPosition(corner, size, area.width, area.height);
  const at = drag ?? rest;
  return (
    <div
      ref={box}
      className={`video-self${drag ? ' is-dragging' : ''}`}
      data-corner={corner}
      style={{ width: size.width, height: size.height, left: at.left, top: at.top }}
      aria-label="Your camera"
      role="img"
      onPointerDown={(event) => {
        // No text selection or native drag of the picture: the pointer moves the self-view.
        event.preventDefault();
        event.currentTarget.setPointerCapture(event.pointerId);
        setDrag({ left: at.left, top: at.top, dx: event.clientX - at.left, dy: event.clientY - at.top });
      }}
      onPointerMove={(event) => {
        if (!drag) return;
        setDrag({ ...drag, left: event.clientX - drag.dx, top: event.clientY - drag.dy });
      }}
      onPointerUp={() => {
        if (!drag) return;
        setCorner(
          nearestCorner(drag.left + size.width / 2, drag.top + size.height / 2, area.width, area.height),
        );
        setDrag(null);
      }}
    >
      <video ref={video} autoPlay muted playsInline draggable={false} hidden={message !== null} />
      {message !== null && <p className="video-self-message">{message}</p>}
    </div>
  );
}
