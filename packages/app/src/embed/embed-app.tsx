/**
 * @module The embed iframe's app: loads the clone (and the embed configuration, when there is
 * one), the session and, on the visitor's first use of the chat (a key or a pointer inside it),
 * what an answer needs next (the stream reader, the markdown renderer); then the embedded chat,
 * or an honest message when the clone is not there. The toaster loads with the first toast.
 */
import { embedWhitelabel } from '@doppel/core';
import type { CloneProfile, EmbedConfig } from '@doppel/protocol';
import { signal } from '@preact/signals-core';
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Toaster } from 'sonner';
import { errorMessage, fetchCloneProfile, isNotFound } from '../api';
import { LoginHost } from '../auth/login-host';
import { preloadStreamReader } from '../chat/sse-reader';
import { Composer } from '../components/composer';
import { type AppServices, ServicesProvider } from '../services';
import type { EmbedBridge } from './bridge';
import { CloseButton } from './close-button';
import { EmbedChat } from './embed-chat';
import { configColours, fetchEmbedConfig, whitelabelSettings } from './embed-config';
import { type EmbedLocation, embedPageHref } from './embed-location';
import type { EmbedStorage } from './embed-storage';
import { loadMarkdown } from './lazy-markdown-text';

// The call screen loads only on the embed's /call page: the chat's first load stays small.
const EmbedCall = lazy(() => import('./embed-call'));

export interface EmbedAppProps {
  location: EmbedLocation;
  bridge: EmbedBridge;
  storage: EmbedStorage;
  /** The main site (this app's own origin): account and legal pages open there. */
  mainOrigin: string;
  /** The iframe's API client, session and usage (embed-services.ts). */
  services: AppServices;
}

type Loaded<T> =
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'missing' | 'error'; error: string };

/**
 * Runs `work` once, on the visitor's first key or pointer press inside the chat: a programmatic
 * focus (the host opening the popup) is not a use. Before the first open nothing is fetched
 * that an answer needs, so the first open stays small (docs/performance.md).
 */
function onFirstUse(work: () => void): () => void {
  const events = ['keydown', 'pointerdown'] as const;
  const stop = (): void => {
    for (const type of events) document.removeEventListener(type, run, true);
  };
  function run(): void {
    stop();
    work();
  }
  for (const type of events) document.addEventListener(type, run, true);
  return stop;
}

export function EmbedApp({ location, bridge, storage, mainOrigin, services }: EmbedAppProps) {
  useSignals();
  const { slug, instanceSlug, configId } = location;
  const [clone, setClone] = useState<Loaded<CloneProfile>>({ status: 'loading' });
  const [config, setConfig] = useState<Loaded<EmbedConfig | null>>(
    configId ? { status: 'loading' } : { status: 'ready', value: null },
  );
  const [attempt, setAttempt] = useState(0);
  // The prompt works from the first paint: what is typed (and sent) before the clone arrives is kept.
  const [draft] = useState(() => signal(''));
  const early = useRef<string | null>(null);
  const promptFocused = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` retries.
  useEffect(() => {
    let live = true;
    setClone({ status: 'loading' });
    fetchCloneProfile(services.api, slug, instanceSlug).then(
      (value) => live && setClone({ status: 'ready', value }),
      (error: unknown) =>
        live && setClone({ status: isNotFound(error) ? 'missing' : 'error', error: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [services, slug, instanceSlug, attempt]);

  // A configuration that cannot be read leaves the defaults: the chat still works.
  useEffect(() => {
    if (!configId) return;
    let live = true;
    fetchEmbedConfig(services.api, configId).then(
      (value) => live && setConfig({ status: 'ready', value }),
      () => live && setConfig({ status: 'ready', value: null }),
    );
    return () => {
      live = false;
    };
  }, [services, configId]);

  useEffect(() => {
    void services.session.refresh();
  }, [services]);
  useEffect(
    () =>
      onFirstUse(() => {
        void loadMarkdown().catch(() => undefined);
        void preloadStreamReader().catch(() => undefined);
      }),
    [],
  );

  const configValue = config.status === 'ready' ? config.value : null;
  useEffect(() => {
    const style = document.documentElement.style;
    const colours = configColours(configValue);
    for (const [name, value] of Object.entries(colours)) style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(colours)) style.removeProperty(name);
    };
  }, [configValue]);

  const { whitelabeled, showGoogle } = embedWhitelabel({
    whitelabel: whitelabelSettings(configValue),
    cloneLogo: true,
    googleAvailable: clone.status === 'ready' && clone.value.features.googleSignIn,
  });

  const takeEarlyMessage = useCallback(() => {
    const text = early.current;
    early.current = null;
    return text;
  }, []);

  const voiceCall = clone.status === 'ready' && clone.value.features.voiceCall;
  let body: ReactNode;
  if (clone.status === 'ready' && config.status === 'ready' && location.page === 'call' && voiceCall) {
    // spec/calls.md §2: the embed's /call link opens the call screen, not the chat.
    body = (
      <Suspense fallback={<EmbedState title="Loading the call…" bridge={bridge} />}>
        <EmbedCall
          clone={clone.value}
          config={configValue}
          bridge={bridge}
          chatHref={embedPageHref(location, 'chat')}
          upsell={{ mainOrigin, token: storage.token }}
        />
      </Suspense>
    );
  } else if (clone.status === 'ready' && config.status === 'ready') {
    body = (
      <EmbedChat
        clone={clone.value}
        config={configValue}
        bridge={bridge}
        storage={storage}
        mainOrigin={mainOrigin}
        draft={draft}
        takeEarlyMessage={takeEarlyMessage}
        promptFocused={promptFocused.current}
        callHref={voiceCall ? embedPageHref(location, 'call') : null}
      />
    );
  } else if (clone.status === 'missing') {
    body = (
      <EmbedState title="Chat not available" bridge={bridge}>
        <p>There is no clone called “{slug}”.</p>
      </EmbedState>
    );
  } else if (clone.status === 'error') {
    body = (
      <EmbedState title="The chat could not load" bridge={bridge}>
        <p>{clone.error}</p>
        <button type="button" className="btn btn-primary" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </EmbedState>
    );
  } else {
    body = (
      <EmbedSkeleton
        bridge={bridge}
        value={draft.value}
        setValue={(text) => {
          draft.value = text;
        }}
        onSend={(text) => {
          early.current = text.trim();
          draft.value = '';
        }}
        onFocusChange={(focused) => {
          promptFocused.current = focused;
        }}
      />
    );
  }

  return (
    <ServicesProvider services={services}>
      {body}
      <LoginHost
        noLogo={whitelabeled}
        mainOrigin={mainOrigin}
        google={showGoogle}
        // A verified code keeps the bearer token in the iframe's storage before the session asks.
        onVerified={(answer) => storage.setToken(answer.token)}
      />
      <Toaster position="top-center" closeButton richColors={false} toastOptions={{ className: 'toast' }} />
    </ServicesProvider>
  );
}

function EmbedState({
  title,
  bridge,
  children,
}: {
  title: string;
  bridge: EmbedBridge;
  children?: ReactNode;
}) {
  return (
    <div className="embed">
      <header className="embed-header embed-header-bare">
        <span />
        <CloseButton bridge={bridge} />
      </header>
      <main className="embed-state" id="main">
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}

interface EmbedSkeletonProps {
  bridge: EmbedBridge;
  value: string;
  setValue: (text: string) => void;
  onSend: (text: string) => void;
  onFocusChange: (focused: boolean) => void;
}

function EmbedSkeleton({ bridge, value, setValue, onSend, onFocusChange }: EmbedSkeletonProps) {
  return (
    <div className="embed embed-loading" aria-busy="true">
      <header className="embed-header">
        <div className="embed-clone">
          <span className="skeleton" style={{ width: 32, height: 32, borderRadius: 999 }} />
          <span className="skeleton" style={{ width: 120, height: 16 }} />
        </div>
        <CloseButton bridge={bridge} />
      </header>
      <main className="embed-main" />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: focus and blur bubble up from the prompt inside; this wrapper only tracks focus-within, it is not itself interactive. */}
      <div className="embed-dock" onFocus={() => onFocusChange(true)} onBlur={() => onFocusChange(false)}>
        <Composer
          value={value}
          onChange={setValue}
          onSubmit={onSend}
          placeholder="Message…"
          label="Message"
        />
      </div>
    </div>
  );
}
