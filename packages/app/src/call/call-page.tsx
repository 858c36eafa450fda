/**
 * @module The voice call screen (spec/calls.md §2, §4, §8): the clone with rings for its status,
 * 'Start a call', the mic toggle and end call while the call runs, the live transcript, 'Call
 * Ended' with View Transcript, Chat and Call, the failed panel, and the microphone permission
 * screen. `?dial=true` starts the call after 600 ms and leaves the address.
 */
import { canUse, countdownText, showRemaining } from '@doppel/core';
import { CALL_QUOTA_EXHAUSTED, type CloneProfile, type Usage } from '@doppel/protocol';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Avatar } from '../components/avatar';
import { ArrowLeftIcon, ChatIcon, MicIcon, PhoneIcon } from '../components/icons';
import { NotFound } from '../components/not-found';
import { conversationUrl, profileUrl, talkUrl } from '../routes';
import { useServices } from '../services';
import { useUsage } from '../session/use-usage';
import { CloneGate } from '../talk/clone-gate';
import { useVoiceCall, type VoiceCall } from './use-voice-call';
import './call.css';

/** spec/calls.md §9: how long `?dial=true` waits before it calls. */
const AUTO_DIAL_MS = 600;

const STATUS_LABEL = {
  IDLE: 'Idle',
  LISTENING: 'Listening',
  THINKING: 'Thinking',
  SPEAKING: 'Talking',
} as const;

export default function CallPage({ slug, instanceSlug }: { slug: string; instanceSlug: string | null }) {
  return (
    <CloneGate slug={slug} instanceSlug={instanceSlug}>
      {(clone) =>
        clone.features.voiceCall ? (
          <CallScreen clone={clone} instanceSlug={instanceSlug} />
        ) : (
          <NotFound
            title="No calls here"
            description={`${clone.name} does not take voice calls on this site. You can send a message instead.`}
          />
        )
      }
    </CloneGate>
  );
}

function CallScreen({ clone, instanceSlug }: { clone: CloneProfile; instanceSlug: string | null }) {
  useSignals();
  const call = useVoiceCall(clone.slug, instanceSlug);
  const usageStore = useUsage(clone.slug, instanceSlug);
  const usage = usageStore.usage.value;
  const { login, session } = useServices();
  // After a call, the time it used: the countdown and the start button read it again.
  const { refresh } = usageStore;
  useEffect(() => {
    if (call.status === 'ENDED') void refresh();
  }, [call.status, refresh]);
  const name = clone.instance?.name ?? clone.name;
  const imageUrl = clone.instance?.imageUrl ?? clone.imageUrl;
  const { start } = call;
  const dialed = useRef(false);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (dialed.current || (params.get('dial') !== 'true' && !clone.options.autoDial)) return;
    dialed.current = true;
    params.delete('dial');
    const query = params.toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${query ? `?${query}` : ''}`,
    );
    const timer = setTimeout(start, AUTO_DIAL_MS);
    return () => clearTimeout(timer);
  }, [start, clone.options.autoDial]);

  const back = call.status !== 'ACTIVE' && call.status !== 'CONNECTING';
  return (
    <div className="page call-page">
      <header className="call-header">
        {back ? (
          <Link
            href={profileUrl(clone.slug, instanceSlug)}
            className="icon-btn"
            aria-label={`Back to ${name}`}
          >
            <ArrowLeftIcon />
          </Link>
        ) : (
          <span className="icon-btn" aria-hidden="true" />
        )}
        <span className="call-title">{name}</span>
        <span className="icon-btn" aria-hidden="true" />
      </header>
      <main className="call-main" id="main">
        <div
          className={`call-avatar is-${call.status === 'ACTIVE' ? call.cloneStatus.toLowerCase() : 'idle'}`}
        >
          <span className="call-ring" aria-hidden="true" />
          <span className="call-ring" aria-hidden="true" />
          <Avatar name={name} imageUrl={imageUrl} size={132} />
        </div>
        <h1 className="call-name">{name}</h1>
        <CallState call={call} clone={clone} instanceSlug={instanceSlug} usage={usage} />
        {usage && showRemaining('voice_seconds', usage, clone.options.requireEmail) && (
          <Countdown
            usage={usage}
            call={call}
            onZero={() => {
              // spec/calls.md §4: at zero the call stops and the paywall opens.
              call.end();
              if (!session.signedIn.value) login.open(CALL_QUOTA_EXHAUSTED);
            }}
          />
        )}
        {call.transcript.length > 0 && (
          <section className="call-transcript" aria-label="Transcript">
            <ol aria-live="polite">
              {call.transcript.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines are only ever appended.
                <li key={i} className={`call-line is-${line.role}`}>
                  <span className="call-speaker">{line.role === 'user' ? 'You' : name}</span>
                  {line.text}
                </li>
              ))}
            </ol>
          </section>
        )}
      </main>
    </div>
  );
}

function CallState({
  call,
  clone,
  instanceSlug,
  usage,
}: {
  call: VoiceCall;
  clone: CloneProfile;
  instanceSlug: string | null;
  usage: Usage | null;
}) {
  // spec/calls.md §5: no time left (and no overage): the start button is disabled, and says why.
  const spent = usage !== null && !canUse(usage, 'voice_seconds');
  switch (call.status) {
    case 'IDLE':
      return (
        <div className="call-controls">
          <button
            type="button"
            className="btn btn-primary btn-lg call-start"
            onClick={call.start}
            disabled={spent}
            title={spent ? CALL_QUOTA_EXHAUSTED : undefined}
            aria-describedby={spent ? 'call-spent' : undefined}
          >
            <PhoneIcon />
            Start a call
          </button>
          {spent && (
            <p id="call-spent" className="call-note">
              {CALL_QUOTA_EXHAUSTED}
            </p>
          )}
        </div>
      );
    case 'CONNECTING':
      return (
        <p className="call-status" role="status">
          Connecting…
        </p>
      );
    case 'ACTIVE':
      return (
        <>
          <p className="call-status" role="status">
            {STATUS_LABEL[call.cloneStatus]} · <Timer since={call.startedAt} />
          </p>
          <div className="call-controls">
            <button
              type="button"
              className={call.muted ? 'call-button is-off' : 'call-button'}
              aria-pressed={call.muted}
              aria-label={call.muted ? 'Unmute microphone' : 'Mute microphone'}
              onClick={call.toggleMute}
            >
              <MicIcon />
            </button>
            <button type="button" className="call-button call-end" aria-label="End call" onClick={call.end}>
              <PhoneIcon />
            </button>
          </div>
        </>
      );
    case 'ENDED':
      return (
        <>
          <p className="call-status" role="status">
            Call Ended
          </p>
          <div className="call-controls">
            {call.conversationId && (
              <Link
                href={conversationUrl(clone.slug, instanceSlug, call.conversationId)}
                className="btn btn-secondary"
              >
                View Transcript
              </Link>
            )}
            <Link href={talkUrl(clone.slug, instanceSlug)} className="btn btn-secondary">
              <ChatIcon />
              Chat
            </Link>
            <button
              type="button"
              className="btn btn-primary"
              onClick={call.start}
              disabled={spent}
              title={spent ? CALL_QUOTA_EXHAUSTED : undefined}
            >
              <PhoneIcon />
              Call
            </button>
          </div>
        </>
      );
    default:
      return call.micRefused ? (
        <div className="call-failed" role="alert">
          <h2>Enable Microphone access to call</h2>
          <p>You can enable microphone access in your browser settings.</p>
          <div className="call-controls">
            <button type="button" className="btn btn-primary" onClick={call.start}>
              Try Again
            </button>
          </div>
        </div>
      ) : (
        <div className="call-failed" role="alert">
          <h2>Something went wrong</h2>
          <p>Try again in a few minutes</p>
          <div className="call-controls">
            <button type="button" className="btn btn-primary" onClick={call.start}>
              Try Again
            </button>
            <Link href={talkUrl(clone.slug, instanceSlug)} className="btn btn-secondary">
              Chat
            </Link>
          </div>
        </div>
      );
  }
}

/**
 * 'N minutes left' (or 'Unlimited'), every second while the call runs: the time left when it
 * started less the time since; at zero `onZero` (once).
 */
function Countdown({ usage, call, onZero }: { usage: Usage; call: VoiceCall; onZero: () => void }) {
  const [now, setNow] = useState(Date.now());
  const fired = useRef(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const left = usage.remaining.voice_seconds;
  const active = call.status === 'ACTIVE' && call.startedAt !== null;
  const seconds =
    left < 0 ? -1 : Math.max(0, left - (active ? Math.floor((now - (call.startedAt ?? now)) / 1000) : 0));
  useEffect(() => {
    if (!active || seconds !== 0 || fired.current) return;
    fired.current = true;
    onZero();
  }, [active, seconds, onZero]);
  return <p className="call-countdown">{countdownText(seconds)}</p>;
}

/** mm:ss since `since`, every second. */
function Timer({ since }: { since: number | null }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const seconds = since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
  return (
    <span className="call-timer">
      {String(Math.floor(seconds / 60)).padStart(2, '0')}:{String(seconds % 60).padStart(2, '0')}
    </span>
  );
}
