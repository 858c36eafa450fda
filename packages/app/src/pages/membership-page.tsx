/**
 * @module The membership page on the billing host (spec/calls.md §2):
 * /memberships/{instanceSlug@cloneSlug | cloneSlug}. Opened from an embed's 'Get Access' with the
 * embed's stored token (`?token=`), which signs this tab in as the embed's user (a bearer token,
 * kept for this tab only and taken out of the address); otherwise the site's own session.
 */
import type { CloneProfile, RelationshipType } from '@doppel/protocol';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { signOutWithToasts } from '../account/sign-out';
import {
  createApiClient,
  errorMessage,
  fetchCloneProfile,
  fetchEmbedSession,
  fetchUsage,
  isNotFound,
  statusOf,
} from '../api';
import { Avatar } from '../components/avatar';
import { NotFound } from '../components/not-found';
import { SiteHeader } from '../components/site-header';
import { useDocumentTitle } from '../hooks/use-document-title';
import { MembershipPanel, useMembershipFlow } from '../paywall/membership-panel';
import { profileUrl } from '../routes';
import { type AppServices, createAppServices, ServicesProvider, useServices } from '../services';
import '../components/dialog.css';
import './membership-page.css';

/** Where this tab keeps the token it was opened with (sessionStorage: this tab only). */
const TOKEN_KEY = 'doppel:memberships-token';

function readToken(): string | null {
  const params = new URLSearchParams(window.location.search);
  const given = params.get('token');
  try {
    if (given) {
      sessionStorage.setItem(TOKEN_KEY, given);
      params.delete('token');
      const rest = params.toString();
      window.history.replaceState(
        window.history.state,
        '',
        `${window.location.pathname}${rest ? `?${rest}` : ''}`,
      );
      return given;
    }
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return given;
  }
}

/** The services of a tab signed in by the embed's token: every call carries it as a bearer. */
function tokenServices(token: string): AppServices {
  let current: string | null = token;
  const api = createApiClient({
    headers: (): Record<string, string> => (current ? { Authorization: `Bearer ${current}` } : {}),
  });
  return createAppServices({
    api,
    botCheck: false,
    sessionApi: {
      async fetchSession() {
        if (!current) return { user: null, relationships: [] };
        try {
          return await fetchEmbedSession(api);
        } catch (error) {
          if (statusOf(error) !== 401) throw error;
          current = null;
          return { user: null, relationships: [] };
        }
      },
      async logout() {
        current = null;
        try {
          sessionStorage.removeItem(TOKEN_KEY);
        } catch {
          // Nothing kept.
        }
      },
    },
  });
}

export default function MembershipPage({
  slug,
  instanceSlug,
}: {
  slug: string;
  instanceSlug: string | null;
}) {
  const [services] = useState(() => {
    const token = readToken();
    return token ? tokenServices(token) : null;
  });
  useEffect(() => {
    if (services) void services.session.refresh();
  }, [services]);
  if (!services) return <MembershipScreen slug={slug} instanceSlug={instanceSlug} />;
  return (
    <ServicesProvider services={services}>
      <MembershipScreen slug={slug} instanceSlug={instanceSlug} />
    </ServicesProvider>
  );
}

type CloneLoad =
  | { status: 'loading' }
  | { status: 'ready'; clone: CloneProfile }
  | { status: 'missing' }
  | { status: 'error'; error: string };

function MembershipScreen({ slug, instanceSlug }: { slug: string; instanceSlug: string | null }) {
  useSignals();
  const { api, session, login } = useServices();
  const [load, setLoad] = useState<CloneLoad>({ status: 'loading' });
  const [relationship, setRelationship] = useState<RelationshipType | null>(null);
  const user = session.user.value;
  const name = load.status === 'ready' ? (load.clone.instance?.name ?? load.clone.name) : '';
  useDocumentTitle(name ? `Memberships of ${name} | Doppel` : 'Memberships | Doppel');

  useEffect(() => {
    let live = true;
    fetchCloneProfile(api, slug, instanceSlug).then(
      (clone) => live && setLoad({ status: 'ready', clone }),
      (error: unknown) =>
        live &&
        setLoad(isNotFound(error) ? { status: 'missing' } : { status: 'error', error: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, slug, instanceSlug]);

  // The user's relationship with the clone (owners cannot subscribe), from their usage.
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!userId) {
      setRelationship(null);
      return;
    }
    let live = true;
    fetchUsage(api, slug, instanceSlug).then(
      (usage) => live && setRelationship(usage.relationship),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [api, slug, instanceSlug, userId]);

  const flow = useMembershipFlow(api, slug, instanceSlug);
  // Signing in or out changes the active subscription shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `userId` re-runs the load.
  useEffect(() => {
    void flow.reload();
  }, [flow, userId]);

  if (load.status === 'missing') return <NotFound />;
  const clone = load.status === 'ready' ? load.clone : null;
  return (
    <div className="page">
      <SiteHeader />
      <main className="page-main membership-page" id="main">
        {load.status === 'error' && (
          <p className="paywall-empty" role="alert">
            This clone could not be loaded. {load.error}
          </p>
        )}
        <header className="membership-page-head">
          {clone ? (
            <Avatar name={name} imageUrl={clone.instance?.imageUrl ?? clone.imageUrl} size={64} />
          ) : (
            <span className="skeleton" style={{ width: 64, height: 64, borderRadius: '50%' }} />
          )}
          <div>
            <h1>
              {clone ? (
                `Memberships of ${name}`
              ) : (
                <span className="skeleton" style={{ width: 240, height: 28 }} />
              )}
            </h1>
            {clone && (
              <p className="membership-page-lead">
                {clone.features.payments
                  ? `More messages${clone.features.voiceCall || clone.features.videoCall ? ', calls' : ''} and access to ${name} each month. Cancel any time.`
                  : 'Payments are not set up on this site yet: the memberships are listed, but none can be bought here.'}
              </p>
            )}
          </div>
        </header>
        {/* The tiers' cards are h3s, as in the tiers dialog under its h2 title: no level skipped. */}
        {clone && <h2 className="visually-hidden">Tiers</h2>}
        {clone && (
          <MembershipPanel
            flow={flow}
            cloneName={name}
            relationshipType={relationship}
            paymentsEnabled={clone.features.payments}
            features={clone.features}
            {...(user ? {} : { onSignIn: () => login.open(`Sign in to see the memberships of ${name}.`) })}
          />
        )}
        {session.status.value === 'ready' && !user && clone && (
          <div className="account-card card membership-page-signin">
            <p>Sign in to subscribe to {name}, or to see the membership you have.</p>
            <div>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => login.open(`Sign in to see the memberships of ${name}.`)}
              >
                Sign in
              </button>
            </div>
          </div>
        )}
        <footer className="membership-page-foot">
          {clone && <Link href={profileUrl(slug, instanceSlug)}>Back to {name}</Link>}
          {user && (
            <button
              type="button"
              className="link-button"
              title="Sign out"
              onClick={() => void signOutWithToasts(session)}
            >
              Logged in as {user.email}
            </button>
          )}
        </footer>
      </main>
    </div>
  );
}
