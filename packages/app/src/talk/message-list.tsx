import { shouldAutoScroll, withTimeSeparators } from '@doppel/core';
import { type MessageReaction, NEW_MESSAGE_SCROLL_MS } from '@doppel/protocol';
import {
  Fragment,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ChatMessage, ChatReply, LoadState } from '../chat';
import { Avatar } from '../components/avatar';
import { ArrowDownIcon } from '../components/icons';
import { MarkdownText } from '../markdown/markdown-text';
import { type CloneIdentity, MessageRow } from './message-row';
import { TypingIndicator } from './typing-indicator';

interface MessageListProps {
  messages: readonly ChatMessage[];
  /** The clone's answer in flight (pending, then streaming), or null. */
  reply: ChatReply | null;
  /** 'loading' shows a skeleton; 'ready' opens the conversation at its end. */
  loadState: LoadState;
  clone: CloneIdentity & { viewSources: boolean };
  onCitation: (messageId: string, n: number | null) => void;
  /** Likes or thumbs-down a clone message; without it no reactions are offered. */
  onReact?: ((messageId: string, reaction: MessageReaction | null) => void) | undefined;
  /** Saves or unsaves a clone message (spec/chat.md §4 Save). */
  onSave?: ((messageId: string, saved: boolean) => void) | undefined;
  /** Shown when the conversation has no messages (intro and suggested questions). */
  empty: ReactNode;
  /** Shown above the conversation and scrolled away with it (the talk page's warning banner). */
  lead?: ReactNode;
  readOnly?: boolean;
  /**
   * Lines shown inside the conversation after the message `afterMessageId` (at the end when it is
   * null or the last one): the embed's capture conversation, which stays where it happened.
   */
  inserted?: { afterMessageId: string | null; node: ReactNode } | null;
  /** Each new value scrolls to the newest line (the capture flow asks after its 200 ms). */
  scrollRequest?: number;
}

/**
 * The conversation it is given: messages with time separators, the answer in flight, auto-scroll
 * to the newest message 100 ms after it arrives unless the reader scrolled up (spec/chat.md §4),
 * and a scroll-to-bottom button whenever the bottom is out of view. It knows no store, so a
 * shared conversation or a call transcript can use it too.
 */
export function MessageList({
  messages,
  reply,
  loadState,
  clone,
  onCitation,
  onReact,
  onSave,
  empty,
  lead,
  readOnly,
  inserted,
  scrollRequest,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const [atBottom, setAtBottom] = useState(true);

  const items = useMemo(() => withTimeSeparators(messages, Date.now()), [messages]);
  const firstId = messages[0]?.id;

  const scrollToBottom = useCallback((smooth: boolean) => {
    const el = scroller.current;
    if (!el) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollTo({ top: el.scrollHeight, behavior: smooth && !reduce ? 'smooth' : 'auto' });
    following.current = true;
    setAtBottom(true);
  }, []);

  const onScroll = (): void => {
    const el = scroller.current;
    if (!el) return;
    const bottom = shouldAutoScroll({
      scrollTop: el.scrollTop,
      scrollHeight: el.scrollHeight,
      clientHeight: el.clientHeight,
    });
    following.current = bottom;
    setAtBottom(bottom);
  };

  // A new message: scroll to it after 100 ms unless the reader scrolled up; the visitor's own
  // message always brings the view down.
  const last = messages.at(-1);
  const lastId = last?.id;
  const mine = last?.sender === 'USER';
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per new message (its id).
  useEffect(() => {
    if (!lastId) return;
    if (mine) following.current = true;
    if (!following.current) return;
    const timer = setTimeout(() => scrollToBottom(true), NEW_MESSAGE_SCROLL_MS);
    return () => clearTimeout(timer);
  }, [lastId]);

  // Streaming text grows the last row: keep the bottom in view while following.
  useLayoutEffect(() => {
    if (reply && following.current) {
      const el = scroller.current;
      if (el) el.scrollTop = el.scrollHeight;
    }
  }, [reply]);

  useEffect(() => {
    if (scrollRequest) scrollToBottom(true);
  }, [scrollRequest, scrollToBottom]);

  // A loaded conversation opens at its end.
  useLayoutEffect(() => {
    if (loadState === 'ready') scrollToBottom(false);
  }, [loadState, scrollToBottom]);

  const isEmpty = messages.length === 0 && !reply && !inserted;
  const anchor = inserted?.afterMessageId ?? null;
  const insertedInline = anchor !== null && messages.some((m) => m.id === anchor) && last?.id !== anchor;
  return (
    <div className="chat-scroller" ref={scroller} onScroll={onScroll}>
      <div className="chat-column">
        {lead}
        {loadState === 'loading' ? <ConversationSkeleton /> : isEmpty ? empty : null}
        <div
          className="chat-log"
          role="log"
          aria-live="polite"
          aria-relevant="additions"
          aria-label="Conversation"
        >
          {loadState !== 'loading' &&
            items.map((item) =>
              item.kind === 'separator' ? (
                <div className="time-separator" key={`sep-${item.at.getTime()}`}>
                  <span>{item.label}</span>
                </div>
              ) : (
                <Fragment key={item.message.id}>
                  <MessageRow
                    message={item.message}
                    clone={clone}
                    readOnly={readOnly}
                    first={item.message.id === firstId}
                    citable={
                      clone.viewSources &&
                      item.message.hasSources &&
                      item.message.state === 'stored' &&
                      item.message.id !== firstId
                    }
                    onCitation={onCitation}
                    onReact={onReact}
                    onSave={onSave}
                  />
                  {insertedInline && item.message.id === anchor && inserted?.node}
                </Fragment>
              ),
            )}
          {reply && (
            <div className="message message-clone message-streaming" aria-busy="true">
              <div className="message-author">
                <Avatar name={clone.name} imageUrl={clone.imageUrl} size={28} />
                <span className="message-name">{clone.name}</span>
              </div>
              <div className="message-body">
                {reply.phase === 'pending' && reply.withFiles ? (
                  <p className="analyzing-file" role="status">
                    Analyzing File
                  </p>
                ) : reply.phase === 'pending' ? (
                  <TypingIndicator name={clone.name} />
                ) : (
                  <MarkdownText text={reply.text} className="is-streaming" />
                )}
              </div>
            </div>
          )}
          {inserted && !insertedInline && inserted.node}
        </div>
      </div>
      {!atBottom && !isEmpty && (
        <button
          type="button"
          className="scroll-bottom"
          aria-label="Scroll to the newest message"
          onClick={() => scrollToBottom(true)}
        >
          <ArrowDownIcon />
        </button>
      )}
    </div>
  );
}

function ConversationSkeleton() {
  return (
    <div className="chat-skeleton" role="status" aria-busy="true" aria-label="Loading conversation">
      <span className="skeleton" style={{ width: '46%', height: 40, marginLeft: 'auto', borderRadius: 20 }} />
      <span className="skeleton" style={{ width: 140, height: 16 }} />
      <span className="skeleton" style={{ width: '88%', height: 16 }} />
      <span className="skeleton" style={{ width: '72%', height: 16 }} />
      <span className="skeleton" style={{ width: '38%', height: 40, marginLeft: 'auto', borderRadius: 20 }} />
      <span className="skeleton" style={{ width: 140, height: 16 }} />
      <span className="skeleton" style={{ width: '80%', height: 16 }} />
    </div>
  );
}
