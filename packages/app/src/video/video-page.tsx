/**
 * @module The video call screen, /{slug}[/{instance}]/video (spec/calls.md §2, §4, §5; issue 12):
 * the start overlay, the queue and connecting overlays, the live view with the clone's portrait
 * (the local provider's honest stand-in), the Live badge, the mm:ss timer (only while ACTIVE), the
 * countdown, camera and mic toggles, device settings, end call, the draggable self-view, the end
 * and failure overlays, the paywall and, for staff, the call's debug panel. Its limits are the
 * voice call's `useCallLimits` on video seconds, plus the hard 1-hour limit.
 */
import { type CloneProfile, VIDEO, VIDEO_CLONE_STATUS_LABELS } from '@doppel/protocol';
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useCallLimits } from '../call/use-call-limits';
import { ArrowLeftIcon, MicIcon, PhoneIcon, VideoIcon } from '../components/icons';
import { NotFound } from '../components/not-found';
import { SiteHeader } from '../components/site-header';
import { PaywallHost } from '../paywall/use-paywall';
import { profileUrl, talkUrl } from '../routes';
import { useServices } from '../services';
import { useUsage } from '../session/use-usage';
import { ShareButton } from '../share/share-button';
import { CloneGate } from '../talk/clone-gate';
import { ReplicaVideo } from './replica-video';
import { SelfView } from './self-view';
import { useCamera } from './use-camera';
import { useVideoCall } from './use-video-call';
import {
  ConnectingOverlay,
  DeviceRequestOverlay,
  EndedOverlay,
  FailedOverlay,
  MicrophoneRefusedOverlay,
  PlaybackOverlay,
  StartingVideoOverlay,
  StartOverlay,
} from './video-overlays';
import { VideoSettings } from './video-settings';
import './video.css';

const VideoDebugPanel = lazy(() => import('./video-debug-panel'));

export default function VideoPage({ slug, instanceSlug }: { slug: string; instanceSlug: string | null }) {
  return (
    <CloneGate slug={slug} instanceSlug={instanceSlug}>
      {(clone) =>
        clone.features.videoCall ? (
          <VideoScreen clone={clone} instanceSlug={instanceSlug} />
        ) : (
          <NotFound
            title="No video calls here"
            description={`${clone.name} does not take video calls on this site. You can send a message instead.`}
          />
        )
      }
    </CloneGate>
  );
}

const mmss = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

export function VideoScreen({ clone, instanceSlug }: { clone: CloneProfile; instanceSlug: string | null }) {
  useSignals();
  const { session } = useServices();
  const name = clone.instance?.name ?? clone.name;
  const camera = useCamera();
  const selfVideo = useRef<HTMLVideoElement | null>(null);
  const onExhausted = useRef<(reason: 'quota' | 'call-limit') => void>(() => undefined);
  const call = useVideoCall(clone.slug, instanceSlug, {
    camera: () => selfVideo.current,
    cameraStream: camera.stream,
    microphoneId: camera.microphoneId,
    portrait: clone.instance?.imageUrl ?? clone.imageUrl,
    name,
    language: clone.language,
    onExhausted: (reason) => onExhausted.current(reason),
  });
  const usage = useUsage(clone.slug, instanceSlug);
  // The question chosen on the start overlay, for the start the limits let through.
  const pending = useRef<string | null>(null);
  const { start: startCall, end } = call;
  const limitedCall = useMemo(
    () => ({
      status: call.voice.status,
      startedAt: call.voice.startedAt,
      start: () => startCall(pending.current),
      // The countdown at zero (or no time limit for a signed-in caller) ends it: out of time.
      end: () => end('quota'),
    }),
    [call.voice.status, call.voice.startedAt, startCall, end],
  );
  const limits = useCallLimits({
    clone,
    instanceSlug,
    call: limitedCall,
    usage,
    embedLimit: null,
    resource: 'video_seconds',
  });
  onExhausted.current = limits.exhausted;
  const { refresh } = usage;
  useEffect(() => {
    if (call.status === 'ENDED') void refresh();
  }, [call.status, refresh]);

  // The timer: only while ACTIVE; the hard 1-hour limit ends the call (spec/calls.md §9).
  const [now, setNow] = useState(Date.now());
  const active = call.status === 'ACTIVE';
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), VIDEO.countdownTickMs);
    return () => clearInterval(timer);
  }, [active]);
  const elapsed =
    active && call.voice.startedAt ? Math.max(0, Math.floor((now - call.voice.startedAt) / 1000)) : 0;
  useEffect(() => {
    if (active && elapsed >= VIDEO.maxSeconds) end('time-limit');
  }, [active, elapsed, end]);

  // The device request overlay first (the camera and microphone), then the call.
  const { setUp } = camera;
  const { start: guardedStart } = limits;
  const begin = useCallback(
    (question: string | null) => {
      pending.current = question;
      if (camera.state === 'NotSetup' || camera.state === 'Error') void setUp();
      guardedStart();
    },
    [camera.state, setUp, guardedStart],
  );

  // The stage's canvas goes into the live view.
  const stageBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = stageBox.current;
    if (!box || !call.stage) return;
    call.stage.canvas.className = 'video-canvas';
    call.stage.canvas.setAttribute('aria-label', `${name}, animated while speaking`);
    call.stage.canvas.setAttribute('role', 'img');
    box.prepend(call.stage.canvas);
    return () => call.stage?.canvas.remove();
  }, [call.stage, name]);

  const [settingsOpen, setSettingsOpen] = useState(false);
  const [shareId, setShareId] = useState<string | null>(null);
  const chatHref = talkUrl(clone.slug, instanceSlug);
  const back = call.status === 'INACTIVE' || call.status === 'ENDED';
  const questions = clone.options.suggestQuestions ? clone.suggestedQuestions.map((q) => q.question) : [];
  const live = active && !call.playbackBlocked;
  const recordingText =
    call.recording === 'Pending'
      ? 'Saving the recording…'
      : call.recording === 'Failed'
        ? 'The recording could not be saved.'
        : call.recording === 'Finished'
          ? 'Your recording is ready to share.'
          : null;
  const lastLine = call.voice.transcript.at(-1);

  return (
    <div className="page video-page">
      <SiteHeader
        requireEmail={clone.options.requireEmail}
        leading={
          back ? (
            <Link
              href={profileUrl(clone.slug, instanceSlug)}
              className="icon-btn"
              aria-label={`Back to ${name}`}
            >
              <ArrowLeftIcon />
            </Link>
          ) : null
        }
        actions={
          <select className="video-language" aria-label="Language" value={clone.language} disabled>
            <option value={clone.language}>{clone.language === 'en' ? 'English' : clone.language}</option>
          </select>
        }
      >
        <span className="video-title">{name}</span>
      </SiteHeader>
      <main className="video-main" id="main">
        <div className="video-stage" ref={stageBox}>
          {call.status !== 'INACTIVE' && (
            <div className="video-topbar">
              <span
                className={live ? 'video-live is-live' : 'video-live'}
                role="img"
                aria-label={live ? 'Live' : 'Not live yet'}
              >
                {live ? 'Live' : null}
              </span>
              {active && (
                <span className="video-timer" role="timer" aria-label="Call time">
                  {mmss(elapsed)}
                </span>
              )}
              {active && (
                <span className="video-clone-status">
                  {VIDEO_CLONE_STATUS_LABELS[call.voice.cloneStatus]}
                </span>
              )}
              {limits.countdown !== null && <span className="video-countdown">{limits.countdown}</span>}
            </div>
          )}
          {active && lastLine && (
            <p className={`video-caption is-${lastLine.role}`} aria-live="polite">
              {lastLine.text}
            </p>
          )}
          {(active || call.status === 'STARTING' || call.status === 'WAITING') && (
            <SelfViewWithRef camera={camera} refVideo={selfVideo} />
          )}
          {call.replicaStream && <ReplicaVideo stream={call.replicaStream} name={name} />}
          {active && !call.stage && !call.replicaVideo && <StartingVideoOverlay />}
          {call.status === 'INACTIVE' && camera.state === 'SettingUp' && <DeviceRequestOverlay />}
          {call.status === 'INACTIVE' && camera.state !== 'SettingUp' && (
            <StartOverlay
              clone={clone}
              questions={questions}
              spent={limits.spent}
              onStart={(question) => {
                begin(question);
              }}
            />
          )}
          {(call.status === 'STARTING' || call.status === 'WAITING') && (
            <ConnectingOverlay name={name} waiting={call.status === 'WAITING'} />
          )}
          {active && call.playbackBlocked && <PlaybackOverlay name={name} onJoin={call.resumePlayback} />}
          {call.status === 'FAILED' &&
            (call.voice.micRefused ? (
              <MicrophoneRefusedOverlay onRetry={() => begin(pending.current)} />
            ) : (
              <FailedOverlay chatHref={chatHref} onRetry={() => begin(pending.current)} />
            ))}
          {call.status === 'ENDED' && (
            <EndedOverlay
              chatHref={chatHref}
              spent={limits.spent}
              onCallAgain={() => begin(null)}
              recording={recordingText}
            >
              {call.voice.conversationId && clone.public && call.recording === 'Finished' && (
                <ShareButton
                  kind="call"
                  slug={clone.slug}
                  instanceSlug={instanceSlug}
                  conversationId={call.voice.conversationId}
                  title={`${name} on Doppel`}
                  shareId={shareId}
                  onShareIdChange={setShareId}
                />
              )}
            </EndedOverlay>
          )}
        </div>
        {(active || call.status === 'STARTING' || call.status === 'WAITING') && (
          <div className="video-controls" role="toolbar" aria-label="Call controls">
            <button
              type="button"
              className={camera.off ? 'video-button is-off' : 'video-button'}
              aria-pressed={camera.off}
              aria-label={camera.off ? 'Turn camera on' : 'Turn camera off'}
              onClick={camera.toggle}
            >
              <VideoIcon />
            </button>
            <button
              type="button"
              className={call.voice.muted ? 'video-button is-off' : 'video-button'}
              aria-pressed={call.voice.muted}
              aria-label={call.voice.muted ? 'Unmute microphone' : 'Mute microphone'}
              onClick={call.voice.toggleMute}
            >
              <MicIcon />
            </button>
            <button
              type="button"
              className="video-button"
              aria-label="Settings"
              aria-expanded={settingsOpen}
              onClick={() => setSettingsOpen((open) => !open)}
            >
              <span aria-hidden="true">⚙</span>
            </button>
            <button
              type="button"
              className="video-button video-end"
              aria-label="End call"
              onClick={() => end()}
            >
              <PhoneIcon />
            </button>
          </div>
        )}
        {settingsOpen && (
          <VideoSettings camera={camera} inCall={active} onClose={() => setSettingsOpen(false)} />
        )}
        {session.user.value?.staff && call.videoCallId && (
          <Suspense fallback={null}>
            <VideoDebugPanel videoCallId={call.videoCallId} status={call.status} />
          </Suspense>
        )}
      </main>
      <PaywallHost paywall={limits.paywall} clone={clone} />
    </div>
  );
}

function SelfViewWithRef({
  camera,
  refVideo,
}: {
  camera: ReturnType<typeof useCamera>;
  refVideo: React.MutableRefObject<HTMLVideoElement | null>;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    refVideo.current = box.current?.querySelector('video') ?? null;
  });
  return (
    <div ref={box} className="video-self-layer">
      <SelfView stream={camera.stream} message={camera.message} />
    </div>
  );
}
