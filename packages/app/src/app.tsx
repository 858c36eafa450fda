/** @module The site: routes (spec/chat.md §2) as lazily loaded pages, and the toaster. */
import { lazy, Suspense } from 'react';
import { Toaster } from 'sonner';
import { Redirect, useLocation } from 'wouter';
import { NotFound } from './components/not-found';
import { parseRoute } from './routes';

const ExplorePage = lazy(() => import('./pages/explore-page'));
const ProfilePage = lazy(() => import('./pages/profile-page'));
const TalkPage = lazy(() => import('./talk/talk-page'));
const LegalPage = lazy(() => import('./pages/legal-page'));

function Page() {
  const [location] = useLocation();
  const route = parseRoute(location);
  switch (route.name) {
    case 'home':
      return <Redirect to="/explore" replace />;
    case 'explore':
      return <ExplorePage />;
    case 'legal':
      return <LegalPage page={route.page} />;
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
    default:
      return <NotFound />;
  }
}

export function App() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
        <Page />
      </Suspense>
      <Toaster position="top-center" closeButton richColors={false} toastOptions={{ className: 'toast' }} />
    </>
  );
}
