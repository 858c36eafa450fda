/**
 * @module The video screen's overlays (spec/calls.md §2): the start overlay with 'Some
 * Inspiration', the device request, connecting ('Hold on, {clone} should be here shortly…' after
 * 5 s), the queue, 'Starting Video', manual playback, the failure and the end overlays.
 */
import {
  type CloneProfile,
  VIDEO,
  VIDEO_QUEUE_TEXT,
  VIDEO_QUEUE_TITLE,
  VIDEO_QUOTA_EXHAUSTED,
} from '@doppel/protocol';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { QuotaTooltip } from '../call/quota-tooltip';
import { ChatIcon, VideoIcon } from '../components/icons';

function Overlay({ children, label }: { children: ReactNode; label: string }) {
  return (
    <section className="video-overlay" aria-label={label}>
      <div className="video-overlay-card">{children}</div>
    </section>
  );
}

export function StartOverlay({
  clone,
  questions,
  spent,
  onStart,
}: {
  clone: CloneProfile;
  questions: readonly string[];
  spent: boolean;
  onStart: (question: string | null) => void;
}) {
  const name = clone.instance?.name ?? clone.name;
  return (
    <Overlay label="Start a video call">
      <h1 className="video-overlay-title">Video call with {name}</h1>
      <p className="video-overlay-text">Ask anything, or pick a question to start with.</p>
      {questions.length > 0 && (
        <div className="video-inspiration">
          <h2>Some Inspiration</h2>
          <ul>
            {questions.slice(0, VIDEO.startQuestions).map((question) => (
              <li key={question}>
                <button
                  type="button"
                  className="video-question"
                  disabled={spent}
                  onClick={() => onStart(question)}
                >
                  {question}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <QuotaTooltip text={spent ? VIDEO_QUOTA_EXHAUSTED : null}>
        <button
          type="button"
          className="btn btn-primary btn-lg"
          disabled={spent}
          onClick={() => onStart(null)}
        >
          <VideoIcon />
          Start Video Call
        </button>
      </QuotaTooltip>
    </Overlay>
  );
}

export function DeviceRequestOverlay() {
  return (
    <Overlay label="Camera and microphone">
      <h1 className="video-overlay-title">Allow camera and microphone</h1>
      <p className="video-overlay-text">
        Your browser will ask to use your camera and microphone for the call.
      </p>
    </Overlay>
  );
}

export function MicrophoneRefusedOverlay({ onRetry }: { onRetry: () => void }) {
  return (
    <Overlay label="Microphone access">
      <h1 className="video-overlay-title">Enable Microphone access to call</h1>
      <p className="video-overlay-text">You can enable microphone access in your browser settings.</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Try Again
      </button>
    </Overlay>
  );
}

export function ConnectingOverlay({ name, waiting }: { name: string; waiting: boolean }) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), VIDEO.connectingHoldOnMs);
    return () => clearTimeout(timer);
  }, []);
  if (waiting)
    return (
      <Overlay label="Waiting room">
        <span className="video-spinner" aria-hidden="true" />
        <h1 className="video-overlay-title">{VIDEO_QUEUE_TITLE}</h1>
        <p className="video-overlay-text" role="status">
          {VIDEO_QUEUE_TEXT}
        </p>
      </Overlay>
    );
  return (
    <Overlay label="Connecting">
      <span className="video-spinner" aria-hidden="true" />
      <p className="video-overlay-title" role="status">
        {late ? `Hold on, ${name} should be here shortly…` : 'Connecting'}
      </p>
    </Overlay>
  );
}

export function StartingVideoOverlay() {
  return (
    <div className="video-starting" role="status">
      <span className="video-spinner" aria-hidden="true" />
      Starting Video
    </div>
  );
}

export function PlaybackOverlay({ name, onJoin }: { name: string; onJoin: () => void }) {
  return (
    <Overlay label="Join the call">
      <h1 className="video-overlay-title">{name} is waiting for you!</h1>
      <button type="button" className="btn btn-primary btn-lg" onClick={onJoin}>
        Join the call
      </button>
    </Overlay>
  );
}

export function FailedOverlay({ chatHref, onRetry }: { chatHref: string; onRetry: () => void }) {
  return (
    <Overlay label="Call failed">
      <h1 className="video-overlay-title">Something went wrong</h1>
      <p className="video-overlay-text">Try again in a few minutes</p>
      <div className="video-overlay-actions">
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Try Again
        </button>
        <Link href={chatHref} className="btn btn-secondary">
          <ChatIcon />
          Chat
        </Link>
      </div>
    </Overlay>
  );
}

export function EndedOverlay({
  chatHref,
  spent,
  onCallAgain,
  recording,
  children,
}: {
  chatHref: string;
  spent: boolean;
  onCallAgain: () => void;
  /** What the recording is doing ('Saving the recording…'), or null. */
  recording: string | null;
  /** The share button, when the call can be shared. */
  children?: ReactNode;
}) {
  return (
    <Overlay label="Call ended">
      <h1 className="video-overlay-title">Call Ended</h1>
      {recording && (
        <p className="video-overlay-text" role="status">
          {recording}
        </p>
      )}
      <div className="video-overlay-actions">
        {children}
        <Link href={chatHref} className="btn btn-secondary">
          <ChatIcon />
          Chat
        </Link>
        <QuotaTooltip text={spent ? VIDEO_QUOTA_EXHAUSTED : null}>
          <button type="button" className="btn btn-primary" disabled={spent} onClick={onCallAgain}>
            <VideoIcon />
            Call Again
          </button>
        </QuotaTooltip>
      </div>
    </Overlay>
  );
}
