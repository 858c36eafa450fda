/** @module The site: routes (spec/chat.md §2) as lazily loaded pages, the session, sign-in and the toaster. */
import { type CSSProperties, lazy, Suspense, useEffect, useState } from 'react';
import { Toaster } from 'sonner';
import { Redirect, useLocation } from 'wouter';
import { LoginHost } from './auth/login-host';
import { NotFound } from './components/not-found';
import { SiteHeader } from './components/site-header';
import { ProfileSkeleton } from './pages/profile-skeleton';
import { type AppRoute, parseRoute } from './routes';
import { type AppServices, createAppServices, ServicesProvider } from './services';
import { TalkSkeleton } from './talk/talk-skeleton';

const ExplorePage = lazy(() => import('./pages/explore-page'));
const ProfilePage = lazy(() => import('./pages/profile-page'));
const TalkPage = lazy(() => import('./talk/talk-page'));
const SharedPage = lazy(() => import('./talk/shared-page'));
const CallPage = lazy(() => import('./call/call-page'));
const VideoPage = lazy(() => import('./video/video-page'));
const SharedCallPage = lazy(() => import('./video/video-share-page'));
const LegalPage = lazy(() => import('./pages/legal-page'));
const AccountPage = lazy(() => import('./pages/account-page'));
const StudioQuestionsPage = lazy(() => import('./studio/studio-questions-page'));
const MembershipPage = lazy(() => import('./pages/membership-page'));

/**
 * What shows while a page's code loads: the talk screen's and the profile's shapes, drawn from
 * the main bundle at once (issue 9 §9: no blank page between the profile and the talk page).
 */
function PageFallback({ route }: { route: AppRoute }) {
  if (route.name === 'talk' || route.name === 'shared' || route.name === 'sharedCall')
    return <TalkSkeleton />;
  if (route.name === 'profile') {
    return (
      <div className="page">
        <SiteHeader />
        <main className="page-main profile" id="main">
          <ProfileSkeleton />
        </main>
      </div>
    );
  }
  return <div className="page-loading" aria-busy="true" />;
}

/** As wide as the margin beside the 760 px conversation column, within 280–356 px. */
const TOASTER_STYLE = { '--width': 'clamp(280px, calc((100vw - 760px) / 2 - 32px), 356px)' } as CSSProperties;

function Page() {
  const [location] = useLocation();
  const route = parseRoute(location);
  return (
    <Suspense fallback={<PageFallback route={route} />}>
      <RoutePage route={route} />
    </Suspense>
  );
}

function RoutePage({ route }: { route: AppRoute }) {
  switch (route.name) {
    case 'home':
      return <Redirect to="/explore" replace />;
    case 'explore':
      return <ExplorePage />;
    case 'legal':
      return <LegalPage page={route.page} />;
    case 'account':
      return <AccountPage page={route.page} />;
    case 'profile':
      return (
        <ProfilePage
          key={`${route.slug}/${route.instanceSlug ?? ''}`}
          slug={route.slug}
          instanceSlug={route.instanceSlug}
        />
      );
    case 'talk':
      return (
        <TalkPage
          key={`${route.slug}/${route.instanceSlug ?? ''}`}
          slug={route.slug}
          instanceSlug={route.instanceSlug}
          conversationId={route.conversationId}
        />
      );
    case 'shared':
      return (
        <SharedPage
          key={route.shareId}
          slug={route.slug}
          instanceSlug={route.instanceSlug}
          shareId={route.shareId}
          kind="conversation"
        />
      );
    case 'sharedCall':
      // A shared video call has its own page (the recording); a voice call's is its transcript.
      return (
        <SharedCallPage
          key={route.shareId}
          slug={route.slug}
          instanceSlug={route.instanceSlug}
          shareId={route.shareId}
          transcript={
            <SharedPage
              slug={route.slug}
              instanceSlug={route.instanceSlug}
              shareId={route.shareId}
              kind="call"
            />
          }
        />
      );
    case 'video':
      return (
        <VideoPage
          key={`${route.slug}/${route.instanceSlug ?? ''}`}
          slug={route.slug}
          instanceSlug={route.instanceSlug}
        />
      );
    case 'call':
      return (
        <CallPage
          key={`${route.slug}/${route.instanceSlug ?? ''}`}
          slug={route.slug}
          instanceSlug={route.instanceSlug}
        />
      );
    case 'memberships':
      return (
        <MembershipPage
          key={`${route.slug}/${route.instanceSlug ?? ''}`}
          slug={route.slug}
          instanceSlug={route.instanceSlug}
        />
      );
    case 'studioQuestions':
      return <StudioQuestionsPage key={route.slug} slug={route.slug} />;
    default:
      return <NotFound />;
  }
}

/** The site; `services` (the cookie-based API client and the session) are made here unless given. */
export function App({ services: given }: { services?: AppServices }) {
  const [services] = useState(() => given ?? createAppServices());
  // The session (GET /api/me) loads once, alongside the first page.
  useEffect(() => {
    void services.session.refresh();
  }, [services]);
  return (
    <ServicesProvider services={services}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Page />
      <LoginHost />
      <Toaster
        // issue 9 §14: toasts cover nothing the visitor reads — not the header's title at the top:
        // on a desktop they sit in the right-hand margin beside the conversation column, above
        // the prompt; on a phone just above the prompt.
        position="bottom-right"
        offset={{ bottom: 112, right: 16 }}
        mobileOffset={{ bottom: 104, left: 12, right: 12 }}
        style={TOASTER_STYLE}
        closeButton
        richColors={false}
        toastOptions={{ className: 'toast' }}
      />
    </ServicesProvider>
  );
}
