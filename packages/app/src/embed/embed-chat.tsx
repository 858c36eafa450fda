/**
 * @module The embedded chat (DESIGN §5): the clone's chat in a compact layout — the clone and the
 * account control in the header (a close button in bubble mode), no site logo, the powered-by
 * mark unless whitelabeled — a thin view of a conversation controller with medium EMBED, the
 * conversation kept in the iframe's storage, the capture flow at the anonymous quota, and the
 * chat's events told to the host page.
 */
import { capturePlaceholder, embedWhitelabel, isCapturing } from '@doppel/core';
import type { CloneProfile, EmbedConfig } from '@doppel/protocol';
import { computed, type Signal } from '@preact/signals-core';
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { AccountMenu } from '../account/account-menu';
import { useCitations } from '../citations/use-citations';
import { Avatar } from '../components/avatar';
import { PhoneIcon, PlusIcon } from '../components/icons';
import { VerifiedBadge } from '../components/verified-badge';
import { WarningBanner } from '../components/warning-banner';
import {
  ConversationIntro,
  ConversationMessages,
  ConversationPrompt,
} from '../conversation/conversation-parts';
import { useConversation } from '../conversation/use-conversation';
import { PaywallHost } from '../paywall/use-paywall';
import { useServices } from '../services';
import { useUsage } from '../session';
import { RemainingCounter } from '../talk/remaining-counter';
import type { EmbedBridge } from './bridge';
import { CloseButton } from './close-button';
import { whitelabelSettings } from './embed-config';
import type { EmbedStorage } from './embed-storage';
import { useEmbedCapture } from './use-embed-capture';
import { useEmbedFrame } from './use-embed-frame';

const CaptureBlock = lazy(() =>
  import('./capture-block').then((module) => ({ default: module.CaptureBlock })),
);

export interface EmbedChatProps {
  clone: CloneProfile;
  config: EmbedConfig | null;
  bridge: EmbedBridge;
  storage: EmbedStorage;
  /** The main site's origin: the powered-by mark and the account pages link there. */
  mainOrigin: string;
  /** The prompt's text, kept by the app so what was typed while the chat loaded stays. */
  draft: Signal<string>;
  /** A message sent while the chat loaded (taken once), and whether the prompt had focus then. */
  takeEarlyMessage: () => string | null;
  promptFocused: boolean;
  /** The embed's call screen (spec/calls.md §2: the `/call` link), when the clone takes calls here. */
  callHref?: string | null;
}

export function EmbedChat({
  clone,
  config,
  bridge,
  storage,
  mainOrigin,
  draft,
  takeEarlyMessage,
  promptFocused,
  callHref = null,
}: EmbedChatProps) {
  useSignals();
  const services = useServices();
  const slug = clone.slug;
  const instanceSlug = clone.instance?.slug ?? null;
  const displayName = clone.instance?.name ?? clone.name;
  const imageUrl = clone.instance?.imageUrl ?? clone.imageUrl;
  const requireEmail = clone.options.requireEmail;
  const configId = config?.id ?? bridge.state.value.config;
  const chrome = embedWhitelabel({
    whitelabel: whitelabelSettings(config),
    cloneLogo: clone.options.doppelLogo,
    googleAvailable: clone.features.googleSignIn,
  });
  const usage = useUsage(slug, instanceSlug);
  const latestConfigId = useRef(configId);
  latestConfigId.current = configId;

  const controller = useConversation(
    {
      clone,
      medium: 'EMBED',
      usage,
      draft,
      whitelabel: chrome.whitelabeled,
      // Reopening the widget goes on with the conversation this iframe kept.
      memory: {
        conversationId: () => storage.conversationId(slug, instanceSlug),
        setConversationId: (id) => storage.setConversationId(slug, instanceSlug, id),
      },
      // Initial messages wait until the host shows the chat.
      shown: computed(() => bridge.state.value.open || !bridge.connected),
      onEvent: (event) => bridge.send(event.type, { conversationId: event.conversationId }),
      onTextExhausted: () => {
        const id = latestConfigId.current;
        bridge.send('text-exhausted', id ? { configId: id } : {});
      },
    },
    [clone, usage, storage, bridge, draft],
  );

  // The host's starting messages (spec/chat.md §4: auto-sent for medium EMBED): one typed while
  // the chat loaded first, then the host's prefill whenever it comes.
  useEffect(() => {
    const early = takeEarlyMessage();
    if (early) controller.offerInitialMessage(early, 'early');
  }, [controller, takeEarlyMessage]);
  const prefill = bridge.state.value.prefill;
  useEffect(() => {
    if (prefill === null) return;
    const text = bridge.takePrefill();
    if (text) controller.offerInitialMessage(text, 'initial');
  }, [prefill, bridge, controller]);

  const [scrollRequest, setScrollRequest] = useState(0);
  const capture = useEmbedCapture({
    clone,
    storage,
    services,
    controller,
    noLogo: chrome.whitelabeled,
    onScroll: () => setScrollRequest((n) => n + 1),
  });
  const captureState = capture.state.value;
  const capturing = isCapturing(captureState.state);
  const messages = controller.chat.messages.value;

  // The capture lines stay where the flow started in the conversation.
  const anchor = useRef<string | null | undefined>(undefined);
  if (capturing && anchor.current === undefined) anchor.current = messages.at(-1)?.id ?? null;
  if (!capturing && captureState.state !== 'COMPLETED') anchor.current = undefined;

  // The clone starts typing: bring its line into view; a capture step needs the visitor, so a
  // closed bubble asks the host to show it.
  useEffect(() => {
    if (captureState.state === 'STARTING') setScrollRequest((n) => n + 1);
    if (isCapturing(captureState.state) && captureState.state !== 'STARTING' && !bridge.state.peek().open) {
      bridge.send('open');
    }
  }, [captureState.state, bridge]);

  const root = useEmbedFrame(bridge, displayName, promptFocused);
  const citations = useCitations();
  const user = services.session.user.value;
  const identity = { name: displayName, imageUrl };
  const placeholder = capturePlaceholder(captureState.state) ?? `Message ${displayName}…`;
  const showCapture = anchor.current !== undefined;
  const flow = capture.flow.value;

  return (
    <div className="embed" ref={root}>
      <header className="embed-header">
        <div className="embed-clone">
          <Avatar name={displayName} imageUrl={imageUrl} size={32} />
          <span className="embed-clone-name">{displayName}</span>
          {clone.verified && <VerifiedBadge />}
        </div>
        <div className="embed-actions">
          {callHref && (
            <a href={callHref} className="icon-btn" aria-label={`Call ${displayName}`} title="Call">
              <PhoneIcon />
            </a>
          )}
          {(user || !requireEmail) && (
            <button
              type="button"
              className="icon-btn"
              aria-label="Start new conversation"
              title="New conversation"
              onClick={() => controller.newConversation()}
            >
              <PlusIcon />
            </button>
          )}
          <AccountMenu
            showSignIn={requireEmail && !chrome.whitelabeled}
            hideAccountLinks={!chrome.showAccountLinks}
            mainOrigin={mainOrigin}
          />
          <CloseButton bridge={bridge} />
        </div>
      </header>
      <main className="embed-main" id="main">
        <ConversationMessages
          controller={controller}
          clone={{ ...identity, viewSources: clone.viewSources }}
          onCitation={citations.open}
          scrollRequest={scrollRequest}
          inserted={
            showCapture
              ? {
                  afterMessageId: anchor.current ?? null,
                  node: (
                    <Suspense fallback={null}>
                      <CaptureBlock
                        state={captureState}
                        clone={identity}
                        onChange={() => flow?.change()}
                        onResend={() => void flow?.resend()}
                      />
                    </Suspense>
                  ),
                }
              : null
          }
          empty={
            <ConversationIntro
              controller={controller}
              clone={clone}
              avatarSize={56}
              className="chat-intro embed-intro"
            >
              <div className="embed-banner">
                <WarningBanner clone={clone} />
              </div>
            </ConversationIntro>
          }
        />
      </main>
      <div className="embed-dock">
        <ConversationPrompt
          controller={controller}
          placeholder={placeholder}
          disabled={controller.chat.loadState.value === 'loading' || captureState.state === 'STARTING'}
          label={capturing ? placeholder : `Message ${displayName}`}
          // The capture flow asks for an address and a code: typed, not dictated.
          dictation={clone.features.dictation && !capturing}
        />
        <div className="embed-footer">
          <RemainingCounter usage={usage.usage.value} requireEmail={requireEmail} />
          <p className="embed-disclaimer">AI clone responses may be inaccurate.</p>
          {chrome.showLogo && (
            <a className="embed-powered" href={`${mainOrigin}/explore`} target="_blank" rel="noopener">
              Powered by <strong>Doppel</strong>
            </a>
          )}
        </div>
      </div>
      {citations.element}
      <PaywallHost paywall={controller.paywall} clone={clone} upsell={{ mainOrigin, token: storage.token }} />
    </div>
  );
}
