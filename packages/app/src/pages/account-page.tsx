/** @module /profile, /billing and /actions: the signed-in user's pages from the account menu (spec/calls.md §2). */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { SiteHeader } from '../components/site-header';
import { useDocumentTitle } from '../hooks/use-document-title';
import type { AccountPage as AccountPageName } from '../routes';
import { useServices } from '../services';
import { SubscriptionsList } from './subscriptions-list';
import './account-page.css';

const TITLES: Record<AccountPageName, string> = {
  profile: 'Profile',
  billing: 'Subscriptions',
  actions: 'Actions',
};

export default function AccountPage({ page }: { page: AccountPageName }) {
  useSignals();
  const { session, login } = useServices();
  const title = TITLES[page];
  useDocumentTitle(`${title} | Doppel`);
  const user = session.user.value;
  const loading = session.status.value === 'loading';

  let body: ReactNode;
  if (loading) {
    body = (
      <div className="account-card card" aria-busy="true">
        <span className="skeleton" style={{ width: 180, height: 18 }} />
        <span className="skeleton" style={{ width: 260, height: 16 }} />
      </div>
    );
  } else if (!user) {
    body = (
      <div className="account-card card">
        <p>Sign in to see your {title.toLowerCase()}.</p>
        <div>
          <button type="button" className="btn btn-primary" onClick={() => login.open()}>
            Sign in
          </button>
        </div>
      </div>
    );
  } else if (page === 'profile') {
    body = (
      <dl className="account-card card account-facts">
        <dt>E-mail</dt>
        <dd>{user.email}</dd>
        {user.name && (
          <>
            <dt>Name</dt>
            <dd>{user.name}</dd>
          </>
        )}
        <dt>Phone number</dt>
        <dd>{user.phoneNumber ?? <span className="account-muted">Not added</span>}</dd>
      </dl>
    );
  } else if (page === 'billing') {
    body = <SubscriptionsList email={user.email} />;
  } else {
    body = (
      <div className="account-card card">
        <p className="account-lead">No actions yet</p>
        <p className="account-muted">
          Actions a clone takes for you — such as texting you or following up by e-mail — will be listed here
          for {user.email}.
        </p>
      </div>
    );
  }

  return (
    <div className="page">
      <SiteHeader />
      <main className="page-main account-page" id="main">
        <h1>{title}</h1>
        {body}
        <p>
          <Link href="/explore">Explore clones</Link>
        </p>
      </main>
    </div>
  );
}
