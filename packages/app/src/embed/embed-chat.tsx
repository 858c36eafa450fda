/**
 * @module The embedded chat (DESIGN §5): the clone's chat in a compact layout — the clone and the
 * account control in the header (a close button in bubble mode), no site logo, the powered-by
 * mark unless whitelabeled — with medium EMBED, the conversation kept in the iframe's storage,
 * the capture flow at the anonymous quota, and the chat's events told to the host page.
 */
import {
  capturePlaceholder,
  embedWhitelabel,
  initialMessageAction,
  isCapturing,
  shouldAutoSendInitialMessage,
} from '@doppel/core';
import { type CloneProfile, type EmbedConfig, LOGIN_REQUIRED } from '@doppel/protocol';
import { useSignals } from '@preact/signals-react/runtime';
import {
  type Dispatch,
  lazy,
  type SetStateAction,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { toast } from 'sonner';
import { claimConversation, createConversation, fetchConversation, openMessageStream } from '../api';
import { openLogin } from '../auth/login-request';
import { createChatStore, prefersTouch, type SendSource, settleSendOutcome, useClaimOnSignIn } from '../chat';
import { useCitations } from '../citations/use-citations';
import { Avatar } from '../components/avatar';
import { Composer } from '../components/composer';
import { PlusIcon } from '../components/icons';
import { SuggestedQuestions } from '../components/suggested-questions';
import { VerifiedBadge } from '../components/verified-badge';
import { WarningBanner } from '../components/warning-banner';
import { usePaywall } from '../paywall/use-paywall';
import { session, useUsage } from '../session';
import { initialMessageQuota } from '../talk/initial-message-quota';
import { MessageList } from '../talk/message-list';
import { RemainingCounter } from '../talk/remaining-counter';
import { useCanStop } from '../talk/use-can-stop';
import type { EmbedBridge } from './bridge';
import { CloseButton } from './close-button';
import { EmbedAccount } from './embed-account';
import { whitelabelSettings } from './embed-config';
import type { EmbedStorage } from './embed-storage';
import { useEmbedCapture } from './use-embed-capture';

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
  draft: string;
  setDraft: Dispatch<SetStateAction<string>>;
  /** A message sent while the chat loaded (taken once), and whether the prompt had focus then. */
  takeEarlyMessage: () => string | null;
  promptFocused: boolean;
}

export function EmbedChat({
  clone,
  config,
  bridge,
  storage,
  mainOrigin,
  draft,
  setDraft,
  takeEarlyMessage,
  promptFocused,
}: EmbedChatProps) {
  useSignals();
  const slug = clone.slug;
  const instanceSlug = clone.instance?.slug ?? null;
  const displayName = clone.instance?.name ?? clone.name;
  const imageUrl = clone.instance?.imageUrl ?? clone.imageUrl;
  const requireEmail = clone.options.requireEmail;
  const host = useSyncExternalStore(bridge.subscribe, bridge.getState, bridge.getState);
  const configId = config?.id ?? host.config;

  const store = useMemo(
    () =>
      createChatStore({
        slug,
        instanceSlug,
        instanceId: clone.instance?.id ?? null,
        medium: 'EMBED',
        api: { createConversation, fetchConversation, openMessageStream },
        onEvent: (event) => {
          if (event.type === 'conversation-started') {
            storage.setConversationId(slug, instanceSlug, event.conversationId);
          }
          bridge.send(event.type, { conversationId: event.conversationId });
        },
      }),
    [slug, instanceSlug, clone.instance?.id, storage, bridge],
  );
  useEffect(() => () => store.dispose(), [store]);

  // Reopening the widget goes on with the conversation this iframe kept.
  useEffect(() => {
    const id = storage.conversationId(slug, instanceSlug);
    if (id) void store.load(id);
  }, [store, storage, slug, instanceSlug]);
  const loadState = store.loadState.value;
  useEffect(() => {
    // Gone (or no longer this visitor's): start a new one.
    if (loadState === 'missing' || loadState === 'error') {
      storage.setConversationId(slug, instanceSlug, null);
      store.reset();
    }
  }, [loadState, store, storage, slug, instanceSlug]);

  const usage = useUsage(slug, instanceSlug);
  const current = usage.usage.value;
  const user = session.user.value;
  const sessionReady = session.status.value === 'ready';
  const chrome = embedWhitelabel({
    whitelabel: whitelabelSettings(config),
    cloneLogo: clone.options.doppelLogo,
    googleAvailable: false,
  });

  const messages = store.messages.value;
  const busy = store.busy.value;
  const userMessages = messages.filter((m) => m.sender === 'USER').length;
  const [scrollRequest, setScrollRequest] = useState(0);
  const { flow, state: capture } = useEmbedCapture({
    clone,
    storage,
    noLogo: chrome.whitelabeled,
    userMessageCount: Math.max(userMessages, current?.anonymous ? current.usage.messages : 0),
    chatBusy: busy,
    onCompleted: async () => {
      const id = store.conversation.peek()?.id;
      if (id) await claimConversation(id).catch(() => undefined);
      await usage.refresh();
    },
    onScroll: () => setScrollRequest((n) => n + 1),
  });
  const capturing = isCapturing(capture.state);
  const captureApplies = capture.state === 'UPCOMING' || capturing;

  // The capture lines stay where the flow started in the conversation.
  const anchor = useRef<string | null | undefined>(undefined);
  if (capturing && anchor.current === undefined) anchor.current = messages.at(-1)?.id ?? null;
  if (!capturing && capture.state !== 'COMPLETED') anchor.current = undefined;

  // The clone starts typing: bring its line into view; a capture step needs the visitor, so a
  // closed bubble asks the host to show it.
  useEffect(() => {
    if (capture.state === 'STARTING') setScrollRequest((n) => n + 1);
    if (isCapturing(capture.state) && capture.state !== 'STARTING' && !bridge.getState().open) {
      bridge.send('open');
    }
  }, [capture.state, bridge]);

  const paywall = usePaywall({
    clone,
    usage,
    whitelabel: chrome.whitelabeled,
    captureActive: captureApplies,
  });
  const limitReached = useRef(paywall.limitReached);
  limitReached.current = paywall.limitReached;
  const openPaywall = paywall.open;

  // spec/chat.md §7: the host hears `text-exhausted` when the text limit is reached — a 402, or
  // an anonymous visitor's usage at 0 remaining (once per reaching it).
  const exhaustedTold = useRef(false);
  const tellExhausted = useCallback(() => {
    exhaustedTold.current = true;
    bridge.send('text-exhausted', configId ? { configId } : {});
  }, [bridge, configId]);
  const anonymousRemaining = current?.anonymous ? current.remaining.messages : null;
  useEffect(() => {
    if (anonymousRemaining !== 0) {
      exhaustedTold.current = false;
      return;
    }
    if (!exhaustedTold.current) tellExhausted();
  }, [anonymousRemaining, tellExhausted]);

  const sendText = useCallback(
    async (text: string, source: SendSource): Promise<void> => {
      if (flow && isCapturing(flow.getState().state)) {
        // spec/chat.md §4: while capture is active the prompt answers the capture flow.
        const before = flow.getState().state;
        await flow.submit(text);
        if (flow.getState().state !== before) setDraft('');
        return;
      }
      if (limitReached.current && openPaywall('limit') !== 'none') {
        if (source !== 'prompt') setDraft(text.trim());
        return;
      }
      if (source === 'prompt') setDraft('');
      const outcome = await store.send(text);
      settleSendOutcome(outcome, {
        text,
        source,
        setDraft,
        usage,
        openPaywall: () => openPaywall('limit'),
        // The host hears the limit; the capture flow, when it runs, explains it in the chat.
        onRefused: () => {
          tellExhausted();
          return flow !== null && isCapturing(flow.getState().state);
        },
      });
    },
    [flow, store, usage, openPaywall, tellExhausted, setDraft],
  );

  // The host's starting message, sent once the chat is shown and the facts are in (spec/chat.md
  // §4: auto-sent for medium EMBED; §5: not at the quota — then it waits in the prompt).
  const usageSettled = usage.settled.value;
  const shown = host.open || !bridge.connected;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a prefill can be sent.
  useEffect(() => {
    if (!shown || !sessionReady || !usageSettled || loadState === 'loading') return;
    // Typed and sent while the chat was loading: it goes now, as if sent from the prompt.
    const early = takeEarlyMessage();
    if (early) {
      void sendText(early, 'early');
      return;
    }
    const text = bridge.takePrefill();
    if (!text || initialMessageAction({ medium: 'EMBED', text }) !== 'send') return;
    if (flow && isCapturing(flow.getState().state)) {
      setDraft(text);
      return;
    }
    const quota = initialMessageQuota(clone, session.signedIn.peek(), usage.usage.peek());
    if (shouldAutoSendInitialMessage(quota)) void sendText(text, 'initial');
    else {
      setDraft(text);
      openPaywall('limit');
    }
  }, [shown, sessionReady, usageSettled, loadState, host.prefill]);

  // The chat is usable: tell the host (once), with the clone's name for its `ready` event.
  useEffect(() => {
    bridge.send('ready', { name: displayName });
  }, [bridge, displayName]);

  // Shown by the host: the prompt takes focus (not on touch screens: the keyboard would cover it);
  // so does it when it had focus while the chat loaded, with the caret after what was typed.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if ((!host.open || prefersTouch()) && !promptFocused) return;
    const input = root.current?.querySelector<HTMLTextAreaElement>('.composer-input');
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
  }, [host.open, promptFocused]);

  // Bubble mode: Escape asks the host to close (unless a dialog or menu takes it first).
  useEffect(() => {
    if (host.mode !== 'bubble') return;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="menu"]')) return;
      bridge.send('request-close');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [host.mode, bridge]);

  // Inline widgets with autoHeight follow the chat's natural height: header, content, prompt.
  useEffect(() => {
    const element = root.current;
    const column = element?.querySelector('.chat-column');
    const dock = element?.querySelector('.embed-dock');
    const header = element?.querySelector('.embed-header');
    if (!element || !column || !dock || !header) return;
    const height = (el: Element): number => el.getBoundingClientRect().height;
    return bridge.observeHeight([column, dock, header], () => height(header) + height(column) + height(dock));
  }, [bridge]);

  // A sign-in from the header's dialog makes the visitor's conversation the user's.
  useClaimOnSignIn(store);
  // Signed out (the iframe's storage is cleared): a new conversation.
  useEffect(() => session.onSignOut(() => store.reset()), [store]);

  const newConversation = (): void => {
    if (!user && requireEmail) {
      toast(LOGIN_REQUIRED);
      openLogin();
      return;
    }
    storage.setConversationId(slug, instanceSlug, null);
    store.reset();
    setDraft('');
  };

  const citations = useCitations();
  const canStop = useCanStop(store);
  const identity = { name: displayName, imageUrl };
  const suggestions = clone.options.suggestQuestions ? clone.suggestedQuestions : [];
  const placeholder = capturePlaceholder(capture.state) ?? `Message ${displayName}…`;
  const showCapture = anchor.current !== undefined;

  return (
    <div className="embed" ref={root}>
      <header className="embed-header">
        <div className="embed-clone">
          <Avatar name={displayName} imageUrl={imageUrl} size={32} />
          <span className="embed-clone-name">{displayName}</span>
          {clone.verified && <VerifiedBadge />}
        </div>
        <div className="embed-actions">
          {(user || !requireEmail) && (
            <button
              type="button"
              className="icon-btn"
              aria-label="Start new conversation"
              title="New conversation"
              onClick={newConversation}
            >
              <PlusIcon />
            </button>
          )}
          <EmbedAccount
            showSignIn={requireEmail && !chrome.whitelabeled}
            showAccountLinks={chrome.showAccountLinks}
            mainOrigin={mainOrigin}
          />
          <CloseButton bridge={bridge} />
        </div>
      </header>
      <main className="embed-main" id="main">
        <MessageList
          store={store}
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
                        state={capture}
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
            <div className="chat-intro embed-intro">
              <Avatar name={displayName} imageUrl={imageUrl} size={56} />
              <h1 className="chat-intro-name">{displayName}</h1>
              <p className="chat-intro-headline">{clone.headline}</p>
              <div className="embed-banner">
                <WarningBanner clone={clone} />
              </div>
              {suggestions.length > 0 && (
                <SuggestedQuestions
                  questions={suggestions}
                  disabled={busy}
                  heading="Try asking"
                  onPick={(q) => void sendText(q, 'suggested')}
                />
              )}
            </div>
          }
        />
      </main>
      <div className="embed-dock">
        <Composer
          value={draft}
          onChange={setDraft}
          onSubmit={(text) => void sendText(text, 'prompt')}
          placeholder={placeholder}
          busy={busy}
          canStop={canStop}
          onStop={() => store.cancel()}
          disabled={loadState === 'loading' || capture.state === 'STARTING'}
          label={capturing ? placeholder : `Message ${displayName}`}
        />
        <div className="embed-footer">
          <RemainingCounter usage={current} requireEmail={requireEmail} />
          <p className="embed-disclaimer">AI clone responses may be inaccurate.</p>
          {chrome.showLogo && (
            <a className="embed-powered" href={`${mainOrigin}/explore`} target="_blank" rel="noopener">
              Powered by <strong>Doppel</strong>
            </a>
          )}
        </div>
      </div>
      {citations.element}
      {paywall.element}
    </div>
  );
}
