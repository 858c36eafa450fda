/**
 * @module The one dialog shell of the app, over Radix Dialog: overlay, content, focus in and out.
 * The sign-in, paywall, feedback, socials, citations and history dialogs put their content in it,
 * with its title, description and close button.
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { CSSProperties, ReactNode } from 'react';
import { useRef } from 'react';
import { CloseIcon } from './icons';
import './dialog.css';

interface DialogShellProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The content's class: `dialog-content …`, `sheet`, `history-drawer`. */
  className: string;
  overlayClassName?: string;
  style?: CSSProperties;
  /**
   * Where focus goes on open: Radix's first focusable element (`auto`), the dialog itself, so its
   * title is read first and no button looks pressed (`dialog`), or nowhere yet (`none`).
   */
  initialFocus?: 'auto' | 'dialog' | 'none';
  /** Where focus goes back on close (the button or marker that opened it), while it is on the page. */
  returnFocus?: HTMLElement | null | undefined;
  /** The dialog has no description (Radix then expects none). */
  undescribed?: boolean;
  children: ReactNode;
}

/** A modal dialog: its overlay and content, in a portal. */
export function DialogShell({
  open,
  onOpenChange,
  className,
  overlayClassName = 'dialog-overlay',
  style,
  initialFocus = 'auto',
  returnFocus,
  undescribed = false,
  children,
}: DialogShellProps) {
  const content = useRef<HTMLDivElement>(null);
  // What had focus when the dialog opened (the button that opened it): focus goes back there on
  // close, Escape included (issue 9 §8). Radix returns focus to a Dialog.Trigger, and these
  // dialogs are opened from anywhere (a header button, a menu item, the paywall's rules).
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  wasOpen.current = open;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClassName} />
        <Dialog.Content
          ref={content}
          className={className}
          style={style}
          {...(undescribed ? { 'aria-describedby': undefined } : {})}
          onOpenAutoFocus={(event) => {
            if (initialFocus === 'auto') return;
            event.preventDefault();
            if (initialFocus === 'dialog') content.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocus?.isConnected ? returnFocus : opener.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's title (its accessible name). */
export const DialogTitle = Dialog.Title;
/** The dialog's description. */
export const DialogDescription = Dialog.Description;
/** Closes the dialog (any content: the feedback dialog's Cancel). */
export const DialogClose = Dialog.Close;

/** The dialog's × button. */
export function DialogCloseButton({ label = 'Close' }: { label?: string }) {
  return (
    <Dialog.Close className="icon-btn" aria-label={label}>
      <CloseIcon />
    </Dialog.Close>
  );
}
