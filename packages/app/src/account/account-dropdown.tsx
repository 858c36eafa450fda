/**
 * @module The signed-in account menu (spec/calls.md §2): the e-mail as header, Profile,
 * Subscriptions, separator, Actions, separator, Feedback, Sign out. Radix's dropdown menu gives
 * it the WAI-ARIA menu keyboard model: arrows (wrapping), Home/End, Escape closes and focus
 * returns to the button.
 */
import type { User } from '@doppel/protocol';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Avatar } from '../components/avatar';
import { BoltIcon, CardIcon, FeedbackIcon, LogoutIcon, StarIcon, UserIcon } from '../components/icons';
import { newTabUrl } from '../embed/embed-links';
import { parseRoute } from '../routes';
import { useServices } from '../services';
import { signOutWithToasts } from './sign-out';

const FeedbackDialog = lazy(() => import('../feedback/feedback-dialog'));

interface AccountDropdownProps {
  user: User;
  hideAccountLinks: boolean;
  /**
   * Inside an embed: the main site, where each account page opens in a new tab (core's
   * `rewriteEmbedLink`, spec/calls.md §2, representing the user); the full site navigates instead.
   */
  mainOrigin?: string;
}

/** The current address with the `paywall` query, which opens the clone page's memberships. */
function withPaywall(location: string, search: string): string {
  const params = new URLSearchParams(search);
  params.set('paywall', '');
  return `${location}?${params.toString()}`;
}

export default function AccountDropdown({ user, hideAccountLinks, mainOrigin }: AccountDropdownProps) {
  const { session } = useServices();
  const [feedback, setFeedback] = useState<'never' | 'open' | 'closed'>('never');
  const button = useRef<HTMLButtonElement>(null);
  const [location, navigate] = useLocation();
  const search = useSearch();
  const route = parseRoute(location);
  // On the site's clone pages, whose paywall answers the `paywall` query (spec/chat.md §2).
  const clonePage = !mainOrigin && (route.name === 'profile' || route.name === 'talk');
  const label = user.name?.trim() || user.email;
  const link = (href: string, icon: ReactNode, text: string) => (
    <Menu.Item asChild className="account-menu-item">
      {mainOrigin ? (
        <a href={newTabUrl(href, mainOrigin, user.email)} target="_blank" rel="noopener noreferrer">
          {icon}
          {text}
        </a>
      ) : (
        <Link href={href}>
          {icon}
          {text}
        </Link>
      )}
    </Menu.Item>
  );

  return (
    <div className="account">
      <Menu.Root modal={false}>
        <Menu.Trigger ref={button} className="account-button" aria-label={`Account: ${user.email}`}>
          <Avatar name={label} imageUrl={user.imageUrl} size={32} />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content
            className="account-menu"
            // Named "Account" itself, not after the button (Radix labels it by its trigger).
            aria-labelledby={undefined}
            aria-label="Account"
            side="bottom"
            align="end"
            sideOffset={12}
            collisionPadding={12}
            loop
            // Opened with a click too, the first item takes focus (Radix does so for keys only).
            onFocus={(event) => {
              if (event.target === event.currentTarget) {
                event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
              }
            }}
          >
            <div className="account-menu-header">
              <span className="account-menu-caption">Signed in as</span>
              <span className="account-menu-email">{user.email}</span>
            </div>
            {!hideAccountLinks && (
              <>
                <Menu.Separator className="account-menu-separator" />
                {link('/profile', <UserIcon />, 'Profile')}
                {link('/billing', <CardIcon />, 'Subscriptions')}
                <Menu.Separator className="account-menu-separator" />
                {link('/actions', <BoltIcon />, 'Actions')}
              </>
            )}
            {clonePage && (
              // issue 9 §15: the memberships of the clone on screen, from the menu too.
              <Menu.Item
                className="account-menu-item"
                onSelect={() => navigate(withPaywall(location, search))}
              >
                <StarIcon />
                Memberships
              </Menu.Item>
            )}
            <Menu.Separator className="account-menu-separator" />
            <Menu.Item className="account-menu-item" onSelect={() => setFeedback('open')}>
              <FeedbackIcon />
              Feedback
            </Menu.Item>
            <Menu.Item className="account-menu-item" onSelect={() => void signOutWithToasts(session)}>
              <LogoutIcon />
              Sign out
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      {feedback !== 'never' && (
        <Suspense fallback={null}>
          <FeedbackDialog
            pathname={location}
            open={feedback === 'open'}
            onOpenChange={(next) => {
              setFeedback(next ? 'open' : 'closed');
              if (!next) requestAnimationFrame(() => button.current?.focus());
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
