/** @module /explore: the public clones (linked from the logo). */
import type { CloneSummary } from '@doppel/protocol';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { fetchExplore } from '../api';
import { Avatar } from '../components/avatar';
import { LoadError } from '../components/not-found';
import { SiteHeader } from '../components/site-header';
import { VerifiedBadge } from '../components/verified-badge';
import { useDocumentTitle } from '../hooks/use-document-title';
import { profileUrl } from '../routes';
import { useServices } from '../services';
import './explore.css';

type ExploreState =
  | { status: 'loading' }
  | { status: 'ready'; clones: CloneSummary[] }
  | { status: 'error'; error: string };

export default function ExplorePage() {
  useDocumentTitle('Explore clones | Doppel');
  const { api } = useServices();
  const [state, setState] = useState<ExploreState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the fetch on retry.
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    fetchExplore(api).then(
      (clones) => live && setState({ status: 'ready', clones }),
      (error: unknown) =>
        live && setState({ status: 'error', error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  return (
    <div className="page">
      <SiteHeader />
      <main className="page-main explore" id="main">
        <header className="explore-head">
          <h1>Explore clones</h1>
          <p>Talk to AI clones of creators, trained on what they have written, said and shared.</p>
        </header>
        {state.status === 'error' && (
          <LoadError message={state.error} onRetry={() => setAttempt((n) => n + 1)} />
        )}
        {state.status === 'ready' && state.clones.length === 0 && (
          <div className="message-state">
            <h1>No clones yet</h1>
            <p>Public clones will appear here.</p>
          </div>
        )}
        {state.status !== 'error' && (
          <ul className="explore-grid" aria-busy={state.status === 'loading'}>
            {state.status === 'loading'
              ? [0, 1, 2, 3].map((i) => (
                  <li key={i} className="explore-card card" aria-hidden="true">
                    <span className="skeleton" style={{ width: 56, height: 56, borderRadius: 999 }} />
                    <span className="skeleton" style={{ width: '60%', height: 18 }} />
                    <span className="skeleton" style={{ width: '90%', height: 14 }} />
                  </li>
                ))
              : state.clones.map((clone) => (
                  <li key={clone.id}>
                    <Link href={profileUrl(clone.slug)} className="explore-card card">
                      <Avatar name={clone.name} imageUrl={clone.imageUrl} size={56} />
                      <span className="explore-name">
                        {clone.name}
                        {clone.verified && <VerifiedBadge />}
                      </span>
                      <span className="explore-headline">{clone.headline}</span>
                    </Link>
                  </li>
                ))}
          </ul>
        )}
      </main>
    </div>
  );
}
