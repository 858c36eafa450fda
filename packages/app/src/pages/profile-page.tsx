/** @module The clone's profile overview (spec/chat.md §2): /{slug} and /{slug}/{instanceSlug}. */
import { type CloneProfile, OWNER_RELATIONSHIPS } from '@doppel/protocol';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Avatar } from '../components/avatar';
import { Composer } from '../components/composer';
import { ChatIcon, PhoneIcon, VideoIcon } from '../components/icons';
import { LoadError, NotFound } from '../components/not-found';
import { SiteHeader } from '../components/site-header';
import { SocialsButton } from '../components/socials-button';
import { SuggestedQuestions } from '../components/suggested-questions';
import { VerifiedBadge } from '../components/verified-badge';
import { WarningBanner } from '../components/warning-banner';
import { useCloneProfile } from '../hooks/use-clone-profile';
import { useDocumentTitle } from '../hooks/use-document-title';
import { PaywallHost, usePaywall } from '../paywall/use-paywall';
import { callUrl, studioQuestionsUrl, talkUrl } from '../routes';
import { type UsageStore, useUsage } from '../session';
import { RemainingCounter } from '../talk/remaining-counter';
import '../components/composer.css';
import './profile.css';
import { ProfileSkeleton } from './profile-skeleton';

let talkPageFetched = false;
/** Loads the talk page's code once, ahead of the click that needs it. */
function prefetchTalkPage(): void {
  if (talkPageFetched) return;
  talkPageFetched = true;
  void import('../talk/talk-page').catch(() => {
    talkPageFetched = false;
  });
}

interface ProfilePageProps {
  slug: string;
  instanceSlug: string | null;
}

export default function ProfilePage({ slug, instanceSlug }: ProfilePageProps) {
  useSignals();
  const { state, retry } = useCloneProfile(slug, instanceSlug);
  const usage = useUsage(slug, instanceSlug);
  if (state.status === 'missing') {
    return <NotFound title="Clone not found" description={`There is no clone called “${slug}”.`} />;
  }
  return (
    <div className="page">
      <SiteHeader
        requireEmail={state.status === 'ready' ? state.clone.options.requireEmail : true}
        actions={
          state.status === 'ready' ? (
            <SocialsButton cloneName={state.clone.name} socials={state.clone.socials} />
          ) : undefined
        }
      />
      <main
        className="page-main profile"
        id="main"
        // The visitor is about to go to the talk page: fetch its code now (issue 9 §9).
        onPointerOver={prefetchTalkPage}
        onFocus={prefetchTalkPage}
      >
        {state.status === 'loading' && <ProfileSkeleton />}
        {state.status === 'error' && <LoadError message={state.error} onRetry={retry} />}
        {state.status === 'ready' && <Profile clone={state.clone} usage={usage} />}
      </main>
    </div>
  );
}

function Profile({ clone, usage }: { clone: CloneProfile; usage: UsageStore }) {
  useSignals();
  const [, navigate] = useLocation();
  // The `paywall` query opens the paywall here too (spec/chat.md §2).
  const paywall = usePaywall({ clone, usage });
  const relationship = paywall.relationshipType.value;
  const owner = relationship !== null && OWNER_RELATIONSHIPS.includes(relationship);
  const [draft, setDraft] = useState('');
  const instanceSlug = clone.instance?.slug ?? null;
  const name = clone.instance?.name ?? clone.name;
  const imageUrl = clone.instance?.imageUrl ?? clone.imageUrl;
  useDocumentTitle(`${name} | Doppel`);
  const ask = (text: string): void => navigate(talkUrl(clone.slug, instanceSlug, text.trim()));
  const suggestions = clone.options.suggestQuestions ? clone.suggestedQuestions : [];

  return (
    <>
      <WarningBanner clone={clone} />
      <div className="profile-layout">
        <section className="profile-summary" aria-labelledby="profile-name">
          <Avatar name={name} imageUrl={imageUrl} size={112} className="profile-avatar" />
          {/* The badge sits beside the heading, so the heading reads as the name alone. */}
          <div className="profile-name">
            <h1 id="profile-name">{name}</h1>
            {clone.verified && <VerifiedBadge />}
          </div>
          {clone.headline && <p className="profile-headline">{clone.headline}</p>}
          {clone.description && <p className="profile-description">{clone.description}</p>}
          <div className="profile-actions">
            <Link href={talkUrl(clone.slug, instanceSlug)} className="btn btn-primary btn-lg">
              <ChatIcon />
              Message
            </Link>
            {clone.features.voiceCall && (
              <Link href={callUrl(clone.slug, instanceSlug, 'call')} className="btn btn-secondary btn-lg">
                <PhoneIcon />
                Call
              </Link>
            )}
            {clone.features.videoCall && (
              <Link href={callUrl(clone.slug, instanceSlug, 'video')} className="btn btn-secondary btn-lg">
                <VideoIcon />
                Video
              </Link>
            )}
          </div>
        </section>
        <div className="profile-chat">
          {suggestions.length > 0 && (
            <SuggestedQuestions
              questions={suggestions}
              onPick={ask}
              editHref={owner ? studioQuestionsUrl(clone.slug) : null}
            />
          )}
          <div className="profile-prompt">
            <Composer
              value={draft}
              onChange={setDraft}
              onSubmit={ask}
              placeholder={`Message ${name}…`}
              label={`Message ${name}`}
            />
            <div className="profile-prompt-footer">
              <RemainingCounter
                usage={usage.usage.value}
                requireEmail={clone.options.requireEmail}
                onOpen={() => paywall.open('request')}
              />
            </div>
          </div>
        </div>
      </div>
      <PaywallHost paywall={paywall} clone={clone} />
    </>
  );
}
