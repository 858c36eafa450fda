/**
 * @module The header's account control (spec/calls.md §2): a pulsing placeholder while the
 * session loads, a user icon that opens sign-in when signed out, and when signed in an avatar
 * that opens the account menu. Reused inside the embed iframe (whitelabel hides the links).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useServices } from '../services';
import { AccountDropdown } from './account-dropdown';
import './account.css';
import { SignInButton } from '../auth/sign-in-button';

export interface AccountMenuProps {
  /** The clone's requireEmail option: when false there is no sign-in button (spec/chat.md §6). */
  requireEmail?: boolean;
  /** Whitelabel embeds hide Profile, Subscriptions and Actions (spec/calls.md §2). */
  hideAccountLinks?: boolean;
}

export function AccountMenu({ requireEmail = true, hideAccountLinks = false }: AccountMenuProps) {
  useSignals();
  const { session } = useServices();
  const user = session.user.value;
  if (session.status.value === 'loading') {
    return <span className="account-placeholder" role="status" aria-label="Loading account" />;
  }
  if (!user) {
    if (!requireEmail) return null;
    return <SignInButton />;
  }
  return <AccountDropdown user={user} hideAccountLinks={hideAccountLinks} />;
}
