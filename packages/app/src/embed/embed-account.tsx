/**
 * @module The embed header's account control (spec/calls.md §2, §6): a pulsing placeholder while
 * the session loads; for a visitor the sign-in icon (none in whitelabel mode or when e-mail is not
 * required, spec/chat.md §6); for a user the account menu, loaded on demand, its account pages
 * opening on the main site in a new tab and hidden when whitelabeled.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense } from 'react';
import '../account/account.css';
import { SignInButton } from '../auth/sign-in-button';
import { useServices } from '../services';

const EmbedAccountMenu = lazy(() => import('./embed-account-menu'));

interface EmbedAccountProps {
  /** A visitor may sign in from the header. */
  showSignIn: boolean;
  showAccountLinks: boolean;
  /** The main site, where the account pages open. */
  mainOrigin: string;
}

export function EmbedAccount({ showSignIn, showAccountLinks, mainOrigin }: EmbedAccountProps) {
  useSignals();
  const { session } = useServices();
  const user = session.user.value;
  const placeholder = <span className="account-placeholder" role="status" aria-label="Loading account" />;
  if (session.status.value === 'loading') return placeholder;
  if (!user) {
    if (!showSignIn) return null;
    return <SignInButton />;
  }
  return (
    <Suspense fallback={placeholder}>
      <EmbedAccountMenu user={user} showAccountLinks={showAccountLinks} mainOrigin={mainOrigin} />
    </Suspense>
  );
}
