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
            if (returnFocus?.isConnected) {
              event.preventDefault();
              returnFocus.focus();
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
