/**
 * @module The header's account control (spec/calls.md §2), on the site and in the embed: a
 * pulsing placeholder while the session loads, a user icon that opens sign-in when signed out
 * (none when e-mail is not required, spec/chat.md §6, or in a whitelabel embed), and when signed
 * in an avatar that opens the account menu, loaded on demand (Radix's menu stays out of the
 * first load).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense } from 'react';
import { SignInButton } from '../auth/sign-in-button';
import { useServices } from '../services';
import './account.css';

const AccountDropdown = lazy(() => import('./account-dropdown'));

export interface AccountMenuProps {
  /** A visitor may sign in from the header (the clone's requireEmail, and not whitelabeled). */
  showSignIn?: boolean;
  /** Whitelabel embeds hide Profile, Subscriptions and Actions (spec/calls.md §2). */
  hideAccountLinks?: boolean;
  /** Inside an embed: the main site, where the account pages open in a new tab. */
  mainOrigin?: string;
}

export function AccountMenu({ showSignIn = true, hideAccountLinks = false, mainOrigin }: AccountMenuProps) {
  useSignals();
  const { session } = useServices();
  const user = session.user.value;
  const placeholder = <span className="account-placeholder" role="status" aria-label="Loading account" />;
  if (session.status.value === 'loading') return placeholder;
  if (!user) return showSignIn ? <SignInButton /> : null;
  return (
    <Suspense fallback={placeholder}>
      <AccountDropdown
        user={user}
        hideAccountLinks={hideAccountLinks}
        {...(mainOrigin ? { mainOrigin } : {})}
      />
    </Suspense>
  );
}
