/**
 * @module A shared conversation, read-only (spec/chat.md §2, §6; issue 10 §1):
 * /{slug}[/{instance}]/talk/conversation/shared/{shareId}. Anyone with the link reads it and its
 * sources; there are no message actions and no action center. Sending a message continues it as
 * a new conversation of the visitor's ('Starting conversation ...', 'Conversation started!').
 * The same page, with `kind` 'call', is a shared voice call's transcript:
 * /{slug}[/{instance}]/call/shared/{sharedId} (spec/calls.md §2).
 */
import { NO_CONVERSATION_ID, SHARE_NOT_FOUND, type SharedConversation } from '@doppel/protocol';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Link, useLocation } from 'wouter';
import { continueSharedConversation, errorMessage, fetchSharedConversation } from '../api';
import { type ChatMessage, toChatMessage } from '../chat';
import { useCitations } from '../citations/use-citations';
import { Composer } from '../components/composer';
import { LoadError, NotFound } from '../components/not-found';
import { SiteHeader } from '../components/site-header';
import { handOffContinuation } from '../conversation/continuation';
import { useCloneProfile } from '../hooks/use-clone-profile';
import { useDocumentTitle } from '../hooks/use-document-title';
import { conversationUrl, talkUrl } from '../routes';
import { useServices } from '../services';
import '../components/composer.css';
import './talk.css';
import { CloneCrumb } from './clone-crumb';
import { MessageList } from './message-list';
import { TalkSkeleton } from './talk-skeleton';

interface SharedPageProps {
  slug: string;
  instanceSlug: string | null;
  shareId: string;
  /** A shared voice call (its transcript) rather than a text conversation. */
  kind?: 'conversation' | 'call';
}

type Load =
  | { status: 'loading' }
  | { status: 'ready'; shared: SharedConversation }
  | { status: 'missing' }
  | { status: 'error'; error: string };

export default function SharedPage({ slug, instanceSlug, shareId, kind = 'conversation' }: SharedPageProps) {
  const { api } = useServices();
  const { state: profile, retry } = useCloneProfile(slug, instanceSlug);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [draft, setDraft] = useState('');
  const [starting, setStarting] = useState(false);
  const [, navigate] = useLocation();
  const citations = useCitations();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reads it again on retry.
  useEffect(() => {
    let live = true;
    fetchSharedConversation(api, shareId).then(
      (shared) => {
        if (!live) return;
        // spec/calls.md §2: the shared call page shows voice calls only; a chat's share id is no call.
        if (kind === 'call' && shared.medium !== 'BROWSER_VOICE' && shared.medium !== 'PHONE_VOICE')
          setLoad({ status: 'missing' });
        else setLoad({ status: 'ready', shared });
      },
      (error: unknown) => {
        if (!live) return;
        const status = (error as { status?: number }).status;
        setLoad(status === 404 ? { status: 'missing' } : { status: 'error', error: errorMessage(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [api, shareId, kind, attempt]);

  const messages = useMemo<ChatMessage[]>(
    () =>
      load.status === 'ready'
        ? load.shared.messages.map(toChatMessage).filter((m): m is ChatMessage => m !== null)
        : [],
    [load],
  );
  const clone = profile.status === 'ready' ? profile.clone : null;
  const displayName = clone ? (clone.instance?.name ?? clone.name) : '';
  useDocumentTitle(
    load.status === 'ready' && clone
      ? `${load.shared.title} · ${displayName} | Doppel`
      : kind === 'call'
        ? 'Shared call | Doppel'
        : 'Shared conversation | Doppel',
  );

  if (profile.status === 'missing' || load.status === 'missing') {
    return (
      <NotFound
        title={kind === 'call' ? 'Call is no longer shared' : SHARE_NOT_FOUND}
        description={`The link no longer leads to a ${kind === 'call' ? 'call' : 'conversation'}: its owner stopped sharing it, or it never existed.`}
      />
    );
  }
  if (profile.status === 'error' || load.status === 'error') {
    return (
      <div className="page">
        <SiteHeader />
        <main className="page-main" id="main">
          <LoadError
            message={profile.status === 'error' ? profile.error : load.status === 'error' ? load.error : ''}
            onRetry={() => {
              retry();
              setLoad({ status: 'loading' });
              setAttempt((n) => n + 1);
            }}
          />
        </main>
      </div>
    );
  }
  if (!clone || load.status !== 'ready') return <TalkSkeleton />;
  const imageUrl = clone.instance?.imageUrl ?? clone.imageUrl;

  /** spec/chat.md §2, §8: sending here continues the conversation as a new one of the visitor's. */
  const continueWith = async (text: string): Promise<void> => {
    const trimmed = text.trim();
    if (!trimmed || starting) return;
    setStarting(true);
    const id = toast.loading('Starting conversation ...');
    try {
      const conversationId = await continueSharedConversation(api, shareId);
      if (!conversationId) throw new Error(NO_CONVERSATION_ID);
      handOffContinuation(conversationId, trimmed);
      toast.success('Conversation started!', { id });
      navigate(conversationUrl(clone.slug, instanceSlug, conversationId));
    } catch {
      toast.error('Failed to start conversation.', { id });
      setStarting(false);
    }
  };

  return (
    <div className="talk">
      <SiteHeader>
        <CloneCrumb slug={clone.slug} instanceSlug={instanceSlug} name={displayName} imageUrl={imageUrl} />
        <h1 className="conversation-title shared-title">
          <span>{kind === 'call' ? `Your call with ${displayName}` : load.shared.title}</span>
        </h1>
      </SiteHeader>
      <main className="talk-main" id="main">
        <MessageList
          messages={messages}
          reply={null}
          loadState="ready"
          readOnly
          lead={
            <p className="shared-notice">
              {kind === 'call'
                ? `The transcript of a call with ${displayName}, shared by the caller. `
                : `A conversation with ${displayName}, shared by its owner. `}
              Reading it costs nothing; a message you send starts your own conversation from here.
            </p>
          }
          clone={{ name: displayName, imageUrl, viewSources: clone.viewSources }}
          onCitation={citations.open}
          empty={
            <div className="message-state">
              <p>This shared conversation has no messages.</p>
              <Link href={talkUrl(clone.slug, instanceSlug)} className="btn btn-primary">
                Start a conversation
              </Link>
            </div>
          }
        />
      </main>
      <div className="talk-dock">
        <div className="talk-dock-inner">
          <Composer
            value={draft}
            onChange={setDraft}
            onSubmit={(text) => void continueWith(text)}
            placeholder={`Continue with ${displayName}…`}
            label={`Message ${displayName} to continue this conversation`}
            disabled={starting}
            busy={starting}
          />
          <div className="talk-dock-footer">
            <p className="talk-disclaimer">AI clone responses may be inaccurate.</p>
          </div>
        </div>
      </div>
      {citations.element}
    </div>
  );
}
