/** @module The Tavus replica's picture and voice on the video screen (its Daily tracks). */
import { useEffect, useRef } from 'react';

export function ReplicaVideo(props: { stream: MediaStream; name: string }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.srcObject = props.stream;
    void element.play().catch(() => undefined);
  }, [props.stream]);
  // biome-ignore lint/a11y/useMediaCaption: a live call; the page captions it from the transcript (video-caption)
  return <video ref={video} className="video-canvas" autoPlay playsInline aria-label={props.name} />;
}
