/**
 * @module The signed-in account menu (spec/calls.md §2): the e-mail as header, Profile,
 * Subscriptions, separator, Actions, separator, Feedback, Sign out. A menu button with the
 * WAI-ARIA menu keyboard model: arrows, Home/End, Escape and Tab close, focus returns.
 */
import type { User } from '@doppel/protocol';
import {
  type KeyboardEvent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link, useLocation } from 'wouter';
import { Avatar } from '../components/avatar';
import { BoltIcon, CardIcon, FeedbackIcon, LogoutIcon, UserIcon } from '../components/icons';
import { signOutWithToasts } from './sign-out';

const FeedbackDialog = lazy(() => import('../feedback/feedback-dialog'));

interface AccountDropdownProps {
  user: User;
  hideAccountLinks: boolean;
  /**
   * Inside an embed: the URL each account page opens in a new tab (core's `rewriteEmbedLink`,
   * spec/calls.md §2); the full site navigates instead.
   */
  newTabHref?: ((path: string) => string) | undefined;
}

export function AccountDropdown({ user, hideAccountLinks, newTabHref }: AccountDropdownProps) {
  const [open, setOpen] = useState(false);
  const [feedback, setFeedback] = useState<'never' | 'open' | 'closed'>('never');
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const [location] = useLocation();

  const items = (): HTMLElement[] =>
    Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number): void => {
    const list = items();
    if (list.length === 0) return;
    list[(index + list.length) % list.length]?.focus();
  };

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  // Focus the first item on open; a press outside closes.
  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent): void => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (menu.current?.contains(target) || button.current?.contains(target)) return;
      close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const list = items();
    const active = document.activeElement;
    const current = active instanceof HTMLElement ? list.indexOf(active) : -1;
    if (event.key === 'ArrowDown') focusItem(current + 1);
    else if (event.key === 'ArrowUp') focusItem(current - 1);
    else if (event.key === 'Home') focusItem(0);
    else if (event.key === 'End') focusItem(list.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  const label = user.name?.trim() || user.email;

  return (
    <div className="account">
      <button
        ref={button}
        type="button"
        className="account-button"
        aria-label={`Account: ${user.email}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Avatar name={label} imageUrl={user.imageUrl} size={32} />
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          className="account-menu"
          role="menu"
          aria-label="Account"
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
        >
          <div className="account-menu-header">
            <span className="account-menu-caption">Signed in as</span>
            <span className="account-menu-email">{user.email}</span>
          </div>
          {!hideAccountLinks && (
            <>
              <hr className="account-menu-separator" />
              <MenuLink
                href="/profile"
                newTabHref={newTabHref}
                icon={<UserIcon />}
                onSelect={() => close(false)}
              >
                Profile
              </MenuLink>
              <MenuLink
                href="/billing"
                newTabHref={newTabHref}
                icon={<CardIcon />}
                onSelect={() => close(false)}
              >
                Subscriptions
              </MenuLink>
              <hr className="account-menu-separator" />
              <MenuLink
                href="/actions"
                newTabHref={newTabHref}
                icon={<BoltIcon />}
                onSelect={() => close(false)}
              >
                Actions
              </MenuLink>
            </>
          )}
          <hr className="account-menu-separator" />
          <MenuButton
            icon={<FeedbackIcon />}
            onSelect={() => {
              close(false);
              setFeedback('open');
            }}
          >
            Feedback
          </MenuButton>
          <MenuButton
            icon={<LogoutIcon />}
            onSelect={() => {
              close(false);
              void signOutWithToasts();
            }}
          >
            Sign out
          </MenuButton>
        </div>
      )}
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

function MenuLink({
  href,
  newTabHref,
  icon,
  children,
  onSelect,
}: {
  href: string;
  newTabHref: ((path: string) => string) | undefined;
  icon: ReactNode;
  children: ReactNode;
  onSelect: () => void;
}) {
  if (newTabHref) {
    return (
      <a
        href={newTabHref(href)}
        target="_blank"
        rel="noopener noreferrer"
        role="menuitem"
        tabIndex={-1}
        className="account-menu-item"
        onClick={onSelect}
      >
        {icon}
        {children}
      </a>
    );
  }
  return (
    <Link href={href} role="menuitem" tabIndex={-1} className="account-menu-item" onClick={onSelect}>
      {icon}
      {children}
    </Link>
  );
}

function MenuButton({
  icon,
  children,
  onSelect,
}: {
  icon: ReactNode;
  children: ReactNode;
  onSelect: () => void;
}) {
  return (
    <button type="button" role="menuitem" tabIndex={-1} className="account-menu-item" onClick={onSelect}>
      {icon}
      {children}
    </button>
  );
}
