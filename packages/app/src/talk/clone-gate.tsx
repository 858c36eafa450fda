/**
 * @module A clone's screen while its profile loads (the talk and call pages): the skeleton, "Clone
 * not found", a load error with retry, then `children` with the clone.
 */
import type { CloneProfile } from '@doppel/protocol';
import type { ReactNode } from 'react';
import { LoadError, NotFound } from '../components/not-found';
import { SiteHeader } from '../components/site-header';
import { useCloneProfile } from '../hooks/use-clone-profile';
import { TalkSkeleton } from './talk-skeleton';

export function CloneGate({
  slug,
  instanceSlug,
  children,
}: {
  slug: string;
  instanceSlug: string | null;
  children: (clone: CloneProfile) => ReactNode;
}) {
  const { state, retry } = useCloneProfile(slug, instanceSlug);
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
  return children(state.clone);
}
