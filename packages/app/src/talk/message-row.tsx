import type { MessageReaction } from '@doppel/protocol';
import { memo, useContext } from 'react';
import { MessageFiles } from '../attachments/message-files';
import type { ChatMessage } from '../chat';
import { Avatar } from '../components/avatar';
import { MarkdownText } from '../markdown/markdown-text';
import { MessageActions } from './message-actions';
import { MessageProducts } from './message-products';
import { MessageToolsContext } from './message-tools';

export interface CloneIdentity {
  name: string;
  imageUrl: string | null;
  /** The clone's slug when its messages can be read aloud here (features.readAloud). */
  readAloudSlug?: string | null;
}

interface MessageRowProps {
  message: ChatMessage;
  clone: CloneIdentity;
  /** Citations can be opened for this message (viewSources, hasSources, stored, not the first). */
  citable: boolean;
  readOnly?: boolean;
  /** The conversation's first message (no citations, no creator tools: spec/chat.md §6). */
  first?: boolean;
  onCitation: (messageId: string, n: number | null) => void;
  /** Likes or thumbs-down a message (null takes it back); no reactions without it. */
  onReact?: ((messageId: string, reaction: MessageReaction | null) => void) | undefined;
  /** Saves or unsaves a message; no save button without it. */
  onSave?: ((messageId: string, saved: boolean) => void) | undefined;
}

/** One message: the visitor's as a bubble on the right, the clone's with its avatar, name and actions. */
export const MessageRow = memo(function MessageRow({
  message,
  clone,
  citable,
  readOnly,
  first = false,
  onCitation,
  onReact,
  onSave,
}: MessageRowProps) {
  const tools = useContext(MessageToolsContext);
  if (message.sender === 'USER') {
    return (
      <div className="message message-user">
        <span className="visually-hidden">You said:</span>
        <MessageFiles files={message.files} />
        <div className="message-bubble">{message.text}</div>
      </div>
    );
  }
  const showActions = !readOnly && !message.fromStudio;
  return (
    <div className={`message message-clone message-${message.state}`}>
      <div className="message-author">
        <Avatar name={clone.name} imageUrl={clone.imageUrl} size={28} />
        <span className="message-name">{clone.name}</span>
      </div>
      <div className="message-body">
        <MarkdownText
          text={message.text}
          onCitation={citable ? (n) => onCitation(message.id, n) : undefined}
        />
        {message.state === 'stored' && (
          <MessageProducts messageId={message.id} products={message.affiliates} />
        )}
        {(message.state === 'cancelled' || message.interrupted) && (
          <p className="message-note">Response stopped</p>
        )}
        {showActions && (
          <MessageActions
            text={message.text}
            onSources={citable ? () => onCitation(message.id, null) : undefined}
            readAloud={
              clone.readAloudSlug && message.state === 'stored'
                ? { slug: clone.readAloudSlug, messageId: message.id }
                : undefined
            }
            reaction={message.reaction}
            saved={message.saved}
            onSave={onSave && message.state === 'stored' ? (saved) => onSave(message.id, saved) : undefined}
            onReact={
              onReact && message.state === 'stored' ? (reaction) => onReact(message.id, reaction) : undefined
            }
          >
            {tools?.(message, first)}
          </MessageActions>
        )}
      </div>
    </div>
  );
});
