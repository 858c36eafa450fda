import type { ReactNode } from 'react';
import { Logo } from './logo';

interface SiteHeaderProps {
  /** Shown between the logo and the actions (e.g. the clone and the conversation title). */
  children?: ReactNode;
  actions?: ReactNode;
}

/** The top bar of every page: logo (→ /explore), optional middle, actions on the right. */
export function SiteHeader({ children, actions }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Logo />
        <div className="site-header-middle">{children}</div>
        <div className="site-header-actions">{actions}</div>
      </div>
    </header>
  );
}
