/** @module The talk screen (spec/chat.md §2): /{slug}/talk, with instance, and saved conversations. */
import { initialMessageText } from '@doppel/core';
import { type CloneProfile, OWNER_RELATIONSHIPS } from '@doppel/protocol';
import { useSignals } from '@preact/signals-react/runtime';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { ActionCenter, type ActionCenterHooks, actionAvailable } from '../action-center/action-center';
import { useActionsQuery } from '../action-center/use-actions-query';
import { prefersTouch } from '../chat';
import { useCitations } from '../citations/use-citations';
import { PlusIcon } from '../components/icons';
import { LoadError } from '../components/not-found';
import { SiteHeader } from '../components/site-header';
import { SocialsButton } from '../components/socials-button';
import { VerifiedBadge } from '../components/verified-badge';
import { WarningBanner } from '../components/warning-banner';
import { takeContinuation } from '../conversation/continuation';
import {
  ConversationIntro,
  ConversationMessages,
  ConversationPrompt,
} from '../conversation/conversation-parts';
import { useConversation } from '../conversation/use-conversation';
import { HistoryButton } from '../history/history-button';
import { useDocumentTitle } from '../hooks/use-document-title';
import { PaywallHost, rememberPaywalled } from '../paywall/use-paywall';
import { studioQuestionsUrl, talkUrl } from '../routes';
import { useServices } from '../services';
import { type UsageStore, useUsage } from '../session';
import { ShareButton } from '../share/share-button';
import '../components/composer.css';
import './talk.css';
import { CloneCrumb } from './clone-crumb';
import { CloneGate } from './clone-gate';
import { ConversationTitle } from './conversation-title';
import { MessageToolsContext } from './message-tools';
import { RemainingCounter } from './remaining-counter';
import { useConversationAddress } from './use-conversation-address';
import { useMessageTools } from './use-message-tools';

interface TalkPageProps {
  slug: string;
  instanceSlug: string | null;
  conversationId: string | null;
}

export default function TalkPage({ slug, instanceSlug, conversationId }: TalkPageProps) {
  useSignals();
  // Usage is fetched alongside the profile, so the initial message need not wait for it.
  const usage = useUsage(slug, instanceSlug);
  return (
    <CloneGate slug={slug} instanceSlug={instanceSlug}>
      {(clone) => (
        <TalkScreen
          key={`${slug}/${instanceSlug ?? ''}`}
          clone={clone}
          conversationId={conversationId}
          usage={usage}
        />
      )}
    </CloneGate>
  );
}

interface TalkScreenProps {
  clone: CloneProfile;
  conversationId: string | null;
  usage: UsageStore;
}

function TalkScreen({ clone, conversationId, usage }: TalkScreenProps) {
  useSignals();
  const { session } = useServices();
  const search = useSearch();
  const instanceSlug = clone.instance?.slug ?? null;
  const controller = useConversation(
    { clone, medium: 'WEB', usage, showsTitle: true, onPaywallOpened: rememberPaywalled },
    [clone, usage],
  );
  const displayName = clone.instance?.name ?? clone.name;
  const imageUrl = clone.instance?.imageUrl ?? clone.imageUrl;
  const conversation = controller.chat.conversation.value;
  const loadState = controller.chat.loadState.value;
  useDocumentTitle(
    `${conversation?.title && conversation.title !== 'Conversation' ? `${conversation.title} · ` : ''}${displayName} | Doppel`,
  );
  const navigateTo = useConversationAddress(controller, clone.slug, instanceSlug, conversationId);

  // spec/chat.md §4: the trimmed `message`/`q` text is the initial message (medium WEB).
  const offered = useRef(false);
  useEffect(() => {
    if (offered.current || conversationId) return;
    offered.current = true;
    const text = initialMessageText(new URLSearchParams(search));
    if (text) controller.offerInitialMessage(text, 'initial');
  }, [controller, conversationId, search]);

  // A message typed on a shared conversation continues it here, once this copy is open (spec/chat.md §2).
  useEffect(() => {
    if (!conversationId || loadState !== 'ready' || conversation?.id !== conversationId) return;
    const text = takeContinuation(conversationId);
    if (text) void controller.send(text, 'initial');
  }, [controller, conversationId, loadState, conversation?.id]);

  // Shared or unshared here, before the conversation is read again (spec/chat.md §4 Share).
  const [shareIds, setShareIds] = useState<Record<string, string | null>>({});
  const shareId = conversation
    ? (shareIds[conversation.id] ?? (conversation.id in shareIds ? null : conversation.shareId))
    : null;
  const canShare = clone.public && conversation !== null && controller.chat.messages.value.length > 0;

  const user = session.user.value;
  const requireEmail = clone.options.requireEmail;
  const citations = useCitations();
  const relationship = controller.paywall.relationshipType.value;
  const owner = relationship !== null && OWNER_RELATIONSHIPS.includes(relationship);
  // Share (issue 10 §1) and saved messages (§2) from the Action Center: the share button's own
  // flow, and the history drawer with the saved messages listed (signed-in users).
  const [shareRequest, setShareRequest] = useState(0);
  const [savedRequest, setSavedRequest] = useState(0);
  const signedIn = user !== null;
  const actionHooks = useMemo<ActionCenterHooks>(
    () => ({
      share: canShare ? () => setShareRequest((n) => n + 1) : undefined,
      bookmark: signedIn ? () => setSavedRequest((n) => n + 1) : undefined,
    }),
    [canShare, signedIn],
  );
  const available = useCallback(
    (value: Parameters<typeof actionAvailable>[0]) => actionAvailable(value, clone, actionHooks),
    [clone, actionHooks],
  );
  const queryRequests = useActionsQuery({
    sessionReady: session.status.value === 'ready',
    signedIn: user !== null,
    available,
    openCitations: citations.open,
  });
  const messageTools = useMessageTools({
    owner,
    staff: user?.staff ?? false,
    messages: controller.chat.messages.value,
  });
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
        message={controller.chat.loadError.value ?? 'The conversation could not be loaded.'}
        onRetry={() => conversationId && void controller.open(conversationId)}
      />
    ) : (
      <ConversationIntro
        controller={controller}
        clone={clone}
        avatarSize={72}
        badge={clone.verified && <VerifiedBadge />}
        editHref={owner ? studioQuestionsUrl(clone.slug) : null}
      />
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
              openRequest={queryRequests.history + savedRequest}
              showSaved={savedRequest > 0}
              onNavigate={navigateTo}
              onRenamed={(id, title) => {
                if (controller.chat.conversation.peek()?.id === id) controller.setTitle(title);
              }}
            />
          ) : null
        }
        actions={
          <>
            <SocialsButton cloneName={displayName} socials={clone.socials} />
            {canShare && conversation && (
              <ShareButton
                slug={clone.slug}
                instanceSlug={instanceSlug}
                conversationId={conversation.id}
                title={conversation.title}
                shareId={shareId}
                onShareIdChange={(id) => setShareIds((current) => ({ ...current, [conversation.id]: id }))}
                openRequest={shareRequest}
              />
            )}
            <ActionCenter clone={clone} hooks={actionHooks} request={queryRequests.action} />
            <Link
              href={talkUrl(clone.slug, instanceSlug)}
              className="icon-btn"
              aria-label="Start new conversation"
              title="New conversation"
              onClick={(event) => {
                if (!controller.newConversation()) event.preventDefault();
              }}
            >
              <PlusIcon />
            </Link>
          </>
        }
      >
        <CloneCrumb slug={clone.slug} instanceSlug={instanceSlug} name={displayName} imageUrl={imageUrl} />
        <ConversationTitle
          conversationId={conversation?.id ?? null}
          title={conversation?.title ?? null}
          onRenamed={controller.setTitle}
        />
      </SiteHeader>
      <main className="talk-main" id="main">
        <MessageToolsContext.Provider value={messageTools}>
          <ConversationMessages
            controller={controller}
            // The warning scrolls away with the conversation instead of staying pinned (issue 9 §3).
            lead={
              <div
                className={
                  controller.chat.messages.value.length > 0 ? 'talk-banner is-compact' : 'talk-banner'
                }
              >
                <WarningBanner clone={clone} />
              </div>
            }
            clone={{
              name: displayName,
              imageUrl,
              viewSources: clone.viewSources,
              readAloudSlug: clone.features.readAloud ? clone.slug : null,
            }}
            onCitation={citations.open}
            empty={empty}
          />
        </MessageToolsContext.Provider>
      </main>
      <div className="talk-dock">
        <div className="talk-dock-inner">
          <ConversationPrompt
            controller={controller}
            placeholder={`Message ${displayName}…`}
            disabled={loadState === 'loading'}
            autoFocus={!prefersTouch()}
            label={`Message ${displayName}`}
            dictation={clone.features.dictation}
            menu={{
              uploads: clone.features.uploads,
              onNewConversation: () => {
                if (controller.newConversation()) navigateTo(null);
              },
            }}
          />
          <div className="talk-dock-footer">
            <RemainingCounter
              usage={usage.usage.value}
              requireEmail={requireEmail}
              onOpen={() => controller.paywall.open('request')}
            />
            <p className="talk-disclaimer">
              AI clone responses may be inaccurate.
              {clone.affiliateLink && (
                <>
                  {' '}
                  <a
                    href={`/api/affiliate/${encodeURIComponent(clone.slug)}`}
                    target="_blank"
                    rel="noopener noreferrer sponsored"
                  >
                    {displayName}’s picks
                  </a>
                </>
              )}
            </p>
          </div>
        </div>
      </div>
      {citations.element}
      <PaywallHost paywall={controller.paywall} clone={clone} />
    </div>
  );
}
