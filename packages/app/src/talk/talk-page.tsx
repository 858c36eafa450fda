/** @module The talk screen (spec/chat.md §2): /{slug}/talk, with instance, and saved conversations. */
import { initialMessageAction, initialMessageText, shouldAutoSendInitialMessage } from '@doppel/core';
import {
  type CloneProfile,
  DEFAULT_CONVERSATION_TITLE,
  LOGIN_REQUIRED,
  OWNER_RELATIONSHIPS,
} from '@doppel/protocol';
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Link, useLocation, useSearch } from 'wouter';
import { createConversation, fetchConversation, openMessageStream } from '../api';
import { openLogin } from '../auth/login-request';
import {
  type ChatStore,
  createChatStore,
  prefersTouch,
  type SendSource,
  settleSendOutcome,
  useClaimOnSignIn,
} from '../chat';
import { useCitations } from '../citations/use-citations';
import { Avatar } from '../components/avatar';
import { Composer } from '../components/composer';
import { PlusIcon } from '../components/icons';
import { LoadError, NotFound } from '../components/not-found';
import { SiteHeader } from '../components/site-header';
import { SocialsButton } from '../components/socials-button';
import { SuggestedQuestions } from '../components/suggested-questions';
import { VerifiedBadge } from '../components/verified-badge';
import { WarningBanner } from '../components/warning-banner';
import { HistoryButton } from '../history/history-button';
import { useCloneProfile } from '../hooks/use-clone-profile';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePaywall } from '../paywall/use-paywall';
import { conversationUrl, profileUrl, studioQuestionsUrl, talkUrl } from '../routes';
import { session, type UsageStore, useUsage } from '../session';
import '../components/composer.css';
import './talk.css';
import { ConversationTitle } from './conversation-title';
import { initialMessageQuota } from './initial-message-quota';
import { MessageList } from './message-list';
import { RemainingCounter } from './remaining-counter';
import { useCanStop } from './use-can-stop';

interface TalkPageProps {
  slug: string;
  instanceSlug: string | null;
  conversationId: string | null;
}

export default function TalkPage({ slug, instanceSlug, conversationId }: TalkPageProps) {
  useSignals();
  const { state, retry } = useCloneProfile(slug, instanceSlug);
  // Usage is fetched alongside the profile, so the initial message need not wait for it.
  const usage = useUsage(slug, instanceSlug);
  if (state.status === 'missing') {
    return <NotFound title="Clone not found" description={`There is no clone called “${slug}”.`} />;
  }
  if (state.status === 'error') {
    return (
      <div className="page">
        <SiteHeader />
        <main className="page-main" id="main">
          <LoadError message={state.error} onRetry={retry} />
        </main>
      </div>
    );
  }
  if (state.status === 'loading') return <TalkSkeleton />;
  return (
    <TalkScreen
      key={`${slug}/${instanceSlug ?? ''}`}
      clone={state.clone}
      conversationId={conversationId}
      usage={usage}
    />
  );
}

interface TalkScreenProps {
  clone: CloneProfile;
  conversationId: string | null;
  usage: UsageStore;
}

function TalkScreen({ clone, conversationId, usage }: TalkScreenProps) {
  useSignals();
  const [, navigate] = useLocation();
  const search = useSearch();
  const instanceSlug = clone.instance?.slug ?? null;
  const store = useMemo(
    () =>
      createChatStore({
        slug: clone.slug,
        instanceSlug,
        instanceId: clone.instance?.id ?? null,
        medium: 'WEB',
        api: { createConversation, fetchConversation, openMessageStream },
      }),
    [clone.slug, clone.instance?.id, instanceSlug],
  );
  useDisposeOnUnmount(store);
  const displayName = clone.instance?.name ?? clone.name;
  const imageUrl = clone.instance?.imageUrl ?? clone.imageUrl;
  const [draft, setDraft] = useState('');
  const canStop = useCanStop(store);
  const conversation = store.conversation.value;
  const busy = store.busy.value;
  const loadState = store.loadState.value;
  useDocumentTitle(
    `${conversation?.title && conversation.title !== 'Conversation' ? `${conversation.title} · ` : ''}${displayName} | Doppel`,
  );

  // The address decides the conversation: load the one in the URL, or start over without one.
  useEffect(() => {
    if (conversationId) void store.load(conversationId);
    else if (store.conversation.peek()) store.reset();
  }, [conversationId, store]);

  // A conversation created by the first send moves the address to it (replacing the talk URL).
  const currentId = conversation?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to a newly created conversation only.
  useEffect(() => {
    const id = store.conversation.peek()?.id;
    if (id && id !== conversationId)
      navigate(conversationUrl(clone.slug, instanceSlug, id), { replace: true });
  }, [currentId]);

  const user = session.user.value;
  const sessionReady = session.status.value === 'ready';
  const requireEmail = clone.options.requireEmail;
  const paywall = usePaywall({ clone, usage });
  const limitReached = useRef(paywall.limitReached);
  limitReached.current = paywall.limitReached;
  const openPaywall = paywall.open;

  const sendText = useCallback(
    async (text: string, source: SendSource): Promise<void> => {
      // spec/chat.md §6: at the limit the paywall (or sign-in) opens instead; the text is kept.
      if (limitReached.current && openPaywall('limit') !== 'none') {
        if (source !== 'prompt') setDraft(text.trim());
        return;
      }
      if (source === 'prompt') setDraft('');
      const outcome = await store.send(text);
      settleSendOutcome(outcome, { text, source, setDraft, usage, openPaywall: () => openPaywall('limit') });
      // The server titles a new conversation after its first message: show that title.
      const current = store.conversation.peek();
      if (outcome.status === 'sent' && current && current.title === DEFAULT_CONVERSATION_TITLE) {
        fetchConversation(current.id).then(
          (stored) => {
            if (stored.title !== current.title && store.conversation.peek()?.id === stored.id) {
              store.setTitle(stored.title);
            }
          },
          () => undefined,
        );
      }
    },
    [store, usage, openPaywall],
  );

  // spec/chat.md §4: the trimmed `message`/`q` text is sent automatically (medium WEB) once the
  // session and the usage are known; §5: not at the quota — then it waits in the prompt.
  const initial = useRef<string | null | undefined>(undefined);
  if (initial.current === undefined) {
    initial.current = conversationId ? null : initialMessageText(new URLSearchParams(search));
  }
  const usageSettled = usage.settled.value;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the facts are in.
  useEffect(() => {
    const text = initial.current;
    if (!text || !sessionReady || !usageSettled) return;
    initial.current = null;
    if (initialMessageAction({ medium: 'WEB', text }) !== 'send') return;
    if (
      shouldAutoSendInitialMessage(initialMessageQuota(clone, session.signedIn.peek(), usage.usage.peek()))
    ) {
      void sendText(text, 'initial');
    } else {
      setDraft(text);
      openPaywall('limit');
    }
  }, [sessionReady, usageSettled]);

  useClaimOnSignIn(store);
  // After sign-out the user's conversation is theirs alone: start a new one.
  useEffect(
    () =>
      session.onSignOut(() => {
        if (store.conversation.peek()) navigate(talkUrl(clone.slug, instanceSlug));
      }),
    [store, navigate, clone.slug, instanceSlug],
  );

  // A switch from the history drawer that could not load says so (spec/chat.md §8).
  const switching = useRef(false);
  useEffect(() => {
    if (!switching.current || loadState === 'loading' || loadState === 'idle') return;
    switching.current = false;
    if (loadState === 'error' || loadState === 'missing') {
      const reason = store.loadError.peek() ?? 'Conversation not found';
      toast.error(`Failed to switch to conversation: ${reason}`);
    }
  }, [loadState, store]);

  const onNewConversation = (event: { preventDefault: () => void }): void => {
    // spec/chat.md §6: an anonymous visitor must sign in to start a new conversation.
    if (sessionReady && !user && requireEmail) {
      event.preventDefault();
      toast(LOGIN_REQUIRED);
      openLogin();
    }
  };

  const citations = useCitations();

  const suggestions = clone.options.suggestQuestions ? clone.suggestedQuestions : [];
  const owner = paywall.relationshipType !== null && OWNER_RELATIONSHIPS.includes(paywall.relationshipType);
  const empty =
    loadState === 'missing' ? (
      <div className="message-state">
        <h1>Conversation not found</h1>
        <p>This conversation does not exist or belongs to someone else.</p>
        <Link href={talkUrl(clone.slug, instanceSlug)} className="btn btn-primary">
          Start a new conversation
        </Link>
      </div>
    ) : loadState === 'error' ? (
      <LoadError
        message={store.loadError.value ?? 'The conversation could not be loaded.'}
        onRetry={() => conversationId && void store.load(conversationId)}
      />
    ) : (
      <div className="chat-intro">
        <Avatar name={displayName} imageUrl={imageUrl} size={72} />
        <h1 className="chat-intro-name">
          {displayName} {clone.verified && <VerifiedBadge />}
        </h1>
        <p className="chat-intro-headline">{clone.headline}</p>
        {suggestions.length > 0 && (
          <SuggestedQuestions
            questions={suggestions}
            disabled={busy}
            heading="Try asking"
            editHref={owner ? studioQuestionsUrl(clone.slug) : null}
            onPick={(q) => void sendText(q, 'suggested')}
          />
        )}
      </div>
    );

  return (
    <div className="talk">
      <SiteHeader
        requireEmail={requireEmail}
        leading={
          user ? (
            <HistoryButton
              slug={clone.slug}
              instanceSlug={instanceSlug}
              cloneName={displayName}
              currentId={conversation?.id ?? null}
              onNavigate={(id) => {
                if (id === null) navigate(talkUrl(clone.slug, instanceSlug));
                else if (id !== store.conversation.peek()?.id) {
                  switching.current = true;
                  navigate(conversationUrl(clone.slug, instanceSlug, id));
                }
              }}
              onRenamed={(id, title) => {
                if (store.conversation.peek()?.id === id) store.setTitle(title);
              }}
            />
          ) : null
        }
        actions={
          <>
            <SocialsButton cloneName={displayName} socials={clone.socials} />
            <Link
              href={talkUrl(clone.slug, instanceSlug)}
              className="icon-btn"
              aria-label="Start new conversation"
              title="New conversation"
              onClick={onNewConversation}
            >
              <PlusIcon />
            </Link>
          </>
        }
      >
        <Link
          href={profileUrl(clone.slug, instanceSlug)}
          className="talk-clone"
          aria-label={`${displayName} — profile`}
        >
          <Avatar name={displayName} imageUrl={imageUrl} size={28} />
          <span className="talk-clone-name">{displayName}</span>
        </Link>
        <span className="talk-divider" aria-hidden="true">
          /
        </span>
        <ConversationTitle
          conversationId={conversation?.id ?? null}
          title={conversation?.title ?? null}
          onRenamed={store.setTitle}
        />
      </SiteHeader>
      <div className="talk-banner">
        <WarningBanner clone={clone} />
      </div>
      <main className="talk-main" id="main">
        <MessageList
          store={store}
          clone={{ name: displayName, imageUrl, viewSources: clone.viewSources }}
          onCitation={citations.open}
          empty={empty}
        />
      </main>
      <div className="talk-dock">
        <div className="talk-dock-inner">
          <Composer
            value={draft}
            onChange={setDraft}
            onSubmit={(text) => void sendText(text, 'prompt')}
            placeholder={`Message ${displayName}…`}
            busy={busy}
            canStop={canStop}
            onStop={() => store.cancel()}
            disabled={loadState === 'loading'}
            autoFocus={!prefersTouch()}
            label={`Message ${displayName}`}
          />
          <div className="talk-dock-footer">
            <RemainingCounter usage={usage.usage.value} requireEmail={requireEmail} />
            <p className="talk-disclaimer">AI clone responses may be inaccurate.</p>
          </div>
        </div>
      </div>
      {citations.element}
      {paywall.element}
    </div>
  );
}

/** Aborts the answer in flight when the page goes away (not on React's StrictMode re-run). */
function useDisposeOnUnmount(store: ChatStore): void {
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (!mounted.current) store.dispose();
      }, 0);
    };
  }, [store]);
}

function TalkSkeleton() {
  return (
    <div className="talk" aria-busy="true">
      <SiteHeader>
        <span className="skeleton" style={{ width: 28, height: 28, borderRadius: 999 }} />
        <span className="skeleton" style={{ width: 160, height: 16 }} />
      </SiteHeader>
      <main className="talk-main">
        <div className="chat-column">
          <div className="chat-intro">
            <span className="skeleton" style={{ width: 72, height: 72, borderRadius: 999 }} />
            <span className="skeleton" style={{ width: 180, height: 24 }} />
            <span className="skeleton" style={{ width: 260, height: 16 }} />
          </div>
        </div>
      </main>
      <div className="talk-dock">
        <div className="talk-dock-inner">
          <span className="skeleton" style={{ height: 54, borderRadius: 26 }} />
        </div>
      </div>
    </div>
  );
}
