/**
 * @module The message menu (spec/chat.md §2): Upload File (disabled at 3 files, spec §9) and Start
 * New Conversation, as Radix's dropdown menu (the WAI-ARIA menu keyboard model).
 */
import { ATTACHMENT_ACCEPT } from '@doppel/protocol';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useRef } from 'react';
import './attachments.css';
import { PlusIcon } from '../components/icons';

interface MessageMenuProps {
  /** Uploads offered here (features.uploads); without them the menu has only the new conversation. */
  uploads: boolean;
  canAttach: boolean;
  onFiles(files: File[]): void;
  onNewConversation(): void;
  disabled?: boolean;
}

export function MessageMenu({ uploads, canAttach, onFiles, onNewConversation, disabled }: MessageMenuProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Menu.Root modal={false}>
        <Menu.Trigger className="message-menu-button" aria-label="Message menu" disabled={disabled}>
          <PlusIcon />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content className="account-menu message-menu" side="top" align="start" sideOffset={8} loop>
            {uploads && (
              <Menu.Item
                className="account-menu-item"
                disabled={!canAttach}
                onSelect={() => input.current?.click()}
              >
                Upload File
              </Menu.Item>
            )}
            <Menu.Item className="account-menu-item" onSelect={onNewConversation}>
              Start New Conversation
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      {uploads && (
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={ATTACHMENT_ACCEPT}
          data-testid="attach-input"
          onChange={(event) => {
            const picked = [...(event.target.files ?? [])];
            event.target.value = '';
            if (picked.length > 0) onFiles(picked);
          }}
        />
      )}
    </>
  );
}
