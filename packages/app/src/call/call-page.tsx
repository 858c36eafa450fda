/**
 * @module The voice call screen (spec/calls.md §2, §4, §8): the clone with rings for its status,
 * 'Start a call', the mic toggle and end call while the call runs, the live transcript, 'Call
 * Ended' with View Transcript, Chat and Call, the failed panel, and the microphone permission
 * screen. `?dial=true` starts the call after 600 ms and leaves the address. Its limits (the
 * countdown, the voice paywall, the embed's call limit) are `useCallLimits`'; the same screen
 * runs inside the embed (embed/embed-call.tsx) with the embed's header and links.
 */
import { CALL_QUOTA_EXHAUSTED, CALL_QUOTA_EXHAUSTED_MIND, type CloneProfile } from '@doppel/protocol';
import { useSignals } from '@preact/signals-react/runtime';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Avatar } from '../components/avatar';
import { ArrowLeftIcon, ChatIcon, MicIcon, PhoneIcon } from '../components/icons';
import { NotFound } from '../components/not-found';
import { PaywallHost, type UpsellTarget } from '../paywall/use-paywall';
import { conversationUrl, profileUrl, talkUrl } from '../routes';
import { useUsage } from '../session/use-usage';
import { ShareButton } from '../share/share-button';
import { CloneGate } from '../talk/clone-gate';
import { CreditsRing } from './credits-ring';
import { LanguageSelect, usePreferredLanguage } from './language-select';
import { QuotaTooltip } from './quota-tooltip';
import { type EmbedCallLimit, useCallLimits } from './use-call-limits';
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

/** The call screen inside an embed (embed/embed-call.tsx): its header, links and configuration. */
export interface EmbeddedCall {
  /** The embed's header (the clone, the close button) in place of the site's. */
  header: ReactNode;
  /** The embed's chat, for Chat and the back arrow. */
  chatHref: string;
  /** The embed configuration (its call limit is enforced on the server too). */
  configId: string | null;
  /** The configuration's call limit, when it has one: no paywall, `voice-exhausted` instead. */
  limit: EmbedCallLimit | null;
  /** The paywall is the upsell to the membership page on the main site. */
  upsell?: UpsellTarget;
}

export function CallScreen({
  clone,
  instanceSlug,
  embedded = null,
}: {
  clone: CloneProfile;
  instanceSlug: string | null;
  embedded?: EmbeddedCall | null;
}) {
  useSignals();
  const onExhausted = useRef<(reason: 'quota' | 'call-limit') => void>(() => undefined);
  const [language, setLanguage] = usePreferredLanguage(clone.language);
  const call = useVoiceCall(clone.slug, instanceSlug, {
    configId: embedded?.configId ?? null,
    language: clone.features.voiceLanguages ? language : null,
    onExhausted: (reason) => onExhausted.current(reason),
  });
  const usageStore = useUsage(clone.slug, instanceSlug);
  const limits = useCallLimits({
    clone,
    instanceSlug,
    call,
    usage: usageStore,
    embedLimit: embedded?.limit ?? null,
  });
  onExhausted.current = limits.exhausted;
  // After a call, the time it used: the countdown and the start button read it again.
  const { refresh } = usageStore;
  useEffect(() => {
    if (call.status === 'ENDED') void refresh();
  }, [call.status, refresh]);
  const name = clone.instance?.name ?? clone.name;
  const imageUrl = clone.instance?.imageUrl ?? clone.imageUrl;
  const { start } = limits;
  // The latest start (it changes as usage arrives): the auto-dial's timer calls it when it fires.
  const startNow = useRef(start);
  startNow.current = start;
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
    const timer = setTimeout(() => startNow.current(), AUTO_DIAL_MS);
    return () => clearTimeout(timer);
  }, [clone.options.autoDial]);

  const back = call.status !== 'ACTIVE' && call.status !== 'CONNECTING';
  return (
    <div className={embedded ? 'call-page is-embedded' : 'page call-page'}>
      {embedded ? (
        embedded.header
      ) : (
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
          <CreditsRing usage={usageStore.usage.value} onOpen={() => limits.paywall.open('request')} />
        </header>
      )}
      <main className="call-main" id="main">
        <div
          className={`call-avatar is-${call.status === 'ACTIVE' ? call.cloneStatus.toLowerCase() : 'idle'}`}
        >
          <span className="call-ring" aria-hidden="true" />
          <span className="call-ring" aria-hidden="true" />
          <Avatar name={name} imageUrl={imageUrl} size={132} />
        </div>
        <h1 className="call-name">{name}</h1>
        {clone.features.voiceLanguages && (
          <LanguageSelect
            value={language}
            onChange={setLanguage}
            disabled={call.status === 'ACTIVE' || call.status === 'CONNECTING'}
          />
        )}
        <CallState
          call={call}
          clone={clone}
          instanceSlug={instanceSlug}
          start={start}
          spent={limits.spent}
          embedded={embedded}
        />
        {limits.countdown !== null && (
          <p className="call-countdown" aria-live="off">
            {limits.countdown}
          </p>
        )}
        {call.transcript.length > 0 && (
          <section className="call-transcript" aria-label="Transcript">
            <ol aria-live="polite">
              {call.transcript.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines are only ever appended.
                <li key={i} className={`call-line is-${line.role}${line.partial ? ' is-partial' : ''}`}>
                  <span className="call-speaker">{line.role === 'user' ? 'You' : name}</span>
                  {line.text}
                </li>
              ))}
            </ol>
          </section>
        )}
      </main>
      <PaywallHost
        paywall={limits.paywall}
        clone={clone}
        {...(embedded?.upsell ? { upsell: embedded.upsell } : {})}
      />
    </div>
  );
}

function CallState({
  call,
  clone,
  instanceSlug,
  start,
  spent,
  embedded,
}: {
  call: VoiceCall;
  clone: CloneProfile;
  instanceSlug: string | null;
  /** Starts a call unless a paywall trigger fires (`useCallLimits`). */
  start: () => void;
  /** spec/calls.md §5: no time left (and no overage): the start button is disabled, and says why. */
  spent: boolean;
  embedded: EmbeddedCall | null;
}) {
  const chatHref = embedded ? embedded.chatHref : talkUrl(clone.slug, instanceSlug);
  const [shareId, setShareId] = useState<string | null>(null);
  switch (call.status) {
    case 'IDLE':
      return (
        <div className="call-controls">
          <QuotaTooltip text={spent ? CALL_QUOTA_EXHAUSTED : null}>
            <button
              type="button"
              className="btn btn-primary btn-lg call-start"
              onClick={start}
              disabled={spent}
            >
              <PhoneIcon />
              Start a call
            </button>
          </QuotaTooltip>
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
            {/* spec/calls.md §5: the transcript link is hidden in embeds. */}
            {call.conversationId && !embedded && (
              <Link
                href={conversationUrl(clone.slug, instanceSlug, call.conversationId)}
                className="btn btn-secondary"
              >
                View Transcript
              </Link>
            )}
            {/* spec/calls.md §5: sharing after the end needs the conversation id and a public clone. */}
            {call.conversationId && clone.public && !embedded && (
              <ShareButton
                kind="call"
                slug={clone.slug}
                instanceSlug={instanceSlug}
                conversationId={call.conversationId}
                title={`${clone.instance?.name ?? clone.name} on Doppel`}
                shareId={shareId}
                onShareIdChange={setShareId}
              />
            )}
            <Link href={chatHref} className="btn btn-secondary">
              <ChatIcon />
              Chat
            </Link>
            <QuotaTooltip text={spent ? CALL_QUOTA_EXHAUSTED_MIND : null}>
              <button type="button" className="btn btn-primary" onClick={start} disabled={spent}>
                <PhoneIcon />
                Call
              </button>
            </QuotaTooltip>
          </div>
        </>
      );
    default:
      return call.micRefused ? (
        <div className="call-failed" role="alert">
          <h2>Enable Microphone access to call</h2>
          <p>You can enable microphone access in your browser settings.</p>
          <div className="call-controls">
            <button type="button" className="btn btn-primary" onClick={start}>
              Try Again
            </button>
          </div>
        </div>
      ) : (
        <div className="call-failed" role="alert">
          <h2>Something went wrong</h2>
          <p>Try again in a few minutes</p>
          <div className="call-controls">
            <button type="button" className="btn btn-primary" onClick={start}>
              Try Again
            </button>
            <Link href={chatHref} className="btn btn-secondary">
              Chat
            </Link>
          </div>
        </div>
      );
  }
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
