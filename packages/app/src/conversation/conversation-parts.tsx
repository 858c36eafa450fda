/**
 * @module The pieces of a conversation screen that the talk page and the embedded chat share,
 * each a thin view of the conversation controller: the message list, the prompt and the intro.
 */
import type { CloneProfile } from '@doppel/protocol';
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, type ReactNode, Suspense } from 'react';
import { DraftFileChips } from '../attachments/draft-file-chips';
import { Avatar } from '../components/avatar';
import { Composer } from '../components/composer';
import { SuggestedQuestions } from '../components/suggested-questions';
import { useDictation } from '../dictation/use-dictation';
import { MessageList } from '../talk/message-list';
import type { ConversationController } from './conversation-controller';
import { useCanStop } from './use-can-stop';

// Radix's menu and its positioning weigh about 20 KB: they load with the prompt that shows the
// menu (the talk page), not with the embedded chat, which has none.
const MessageMenu = lazy(() =>
  import('../attachments/message-menu').then((m) => ({ default: m.MessageMenu })),
);

type MessageListExtras = Pick<Parameters<typeof MessageList>[0], 'inserted' | 'scrollRequest' | 'lead'>;

interface ConversationMessagesProps extends MessageListExtras {
  controller: ConversationController;
  clone: { name: string; imageUrl: string | null; viewSources: boolean; readAloudSlug?: string | null };
  onCitation: (messageId: string, n: number | null) => void;
  empty: ReactNode;
}

/** The controller's messages and answer in flight. */
export function ConversationMessages({ controller, ...rest }: ConversationMessagesProps) {
  useSignals();
  const { chat } = controller;
  return (
    <MessageList
      messages={chat.messages.value}
      reply={chat.reply.value}
      loadState={chat.loadState.value}
      onReact={controller.react}
      onSave={controller.save}
      {...rest}
    />
  );
}

interface ConversationPromptProps {
  controller: ConversationController;
  placeholder: string;
  label: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The message menu (spec/chat.md §2): given, the prompt shows it; `uploads` adds Upload File. */
  menu?: { uploads: boolean; onNewConversation(): void };
  /** Offer dictation (the clone's `features.dictation`): the memo's text is sent as a message. */
  dictation?: boolean;
}

/** The prompt: the controller's draft; sends it, or stops the answer in flight. */
export function ConversationPrompt({
  controller,
  menu,
  dictation: offered = false,
  ...rest
}: ConversationPromptProps) {
  useSignals();
  const canStop = useCanStop(controller.chat);
  const dictation = useDictation({
    slug: controller.clone.slug,
    onText: (text) => void controller.send(text, 'prompt'),
  });
  const { draft, files } = controller;
  return (
    <Composer
      leading={
        menu && (
          <Suspense fallback={<span className="message-menu-button" aria-hidden="true" />}>
            <MessageMenu
              uploads={menu.uploads}
              canAttach={files.canAttach.value}
              onFiles={files.attach}
              onNewConversation={menu.onNewConversation}
            />
          </Suspense>
        )
      }
      above={<DraftFileChips files={files.files.value} onRemove={files.remove} />}
      files={files.files.value}
      value={draft.value}
      onChange={(text) => {
        draft.value = text;
      }}
      onSubmit={(text) => void controller.send(text, 'prompt')}
      busy={controller.chat.busy.value}
      canStop={canStop}
      onStop={() => controller.cancel()}
      dictation={offered ? dictation : null}
      {...rest}
    />
  );
}

interface ConversationIntroProps {
  controller: ConversationController;
  clone: CloneProfile;
  avatarSize: number;
  className?: string;
  /** Beside the name (the verified badge). */
  badge?: ReactNode;
  /** Under the headline (the embed's warning banner). */
  children?: ReactNode;
  /** Creators and contributors get a link to edit the questions. */
  editHref?: string | null;
}

/** What an empty conversation shows: the clone and its suggested questions, sent on a click. */
export function ConversationIntro({
  controller,
  clone,
  avatarSize,
  className = 'chat-intro',
  badge,
  children,
  editHref = null,
}: ConversationIntroProps) {
  useSignals();
  const name = clone.instance?.name ?? clone.name;
  const suggestions = clone.options.suggestQuestions ? clone.suggestedQuestions : [];
  return (
    <div className={className}>
      <Avatar name={name} imageUrl={clone.instance?.imageUrl ?? clone.imageUrl} size={avatarSize} />
      {/* The badge sits beside the heading, so the heading reads as the name alone. */}
      <div className="chat-intro-name">
        <h1>{name}</h1>
        {badge}
      </div>
      <p className="chat-intro-headline">{clone.headline}</p>
      {children}
      {suggestions.length > 0 && (
        <SuggestedQuestions
          questions={suggestions}
          disabled={controller.chat.busy.value}
          heading="Try asking"
          editHref={editHref}
          onPick={(q) => void controller.send(q, 'suggested')}
        />
      )}
    </div>
  );
}
