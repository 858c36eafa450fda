import type { ReactNode } from 'react';
import { AccountMenu } from '../account/account-menu';
import { StaffToolbar } from '../account/staff-toolbar';
import { Logo } from './logo';

interface SiteHeaderProps {
  /** Shown between the logo and the actions (e.g. the clone and the conversation title). */
  children?: ReactNode;
  /** Shown before the logo (e.g. the history button). */
  leading?: ReactNode;
  actions?: ReactNode;
  /** The clone's requireEmail option; false hides the sign-in button (spec/chat.md §6). */
  requireEmail?: boolean;
}

/** The top bar of every page: logo (→ /explore), optional middle, actions and the account menu on the right. */
export function SiteHeader({ children, leading, actions, requireEmail = true }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <div className="site-header-inner">
        {leading}
        <Logo />
        <div className="site-header-middle">{children}</div>
        <div className="site-header-actions">
          {actions}
          <AccountMenu showSignIn={requireEmail} />
        </div>
      </div>
      <StaffToolbar />
    </header>
  );
}
