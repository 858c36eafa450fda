import { z } from 'zod';
import { DEFAULT_CONVERSATION_TITLE, TITLE_MAX_LENGTH, TITLE_MIN_LENGTH } from './constants';
import { controlCharacterIn, isInvisibleText } from './text';

/** spec/chat.md §3: who wrote a message. SYSTEM is for indicators only. */
export const Sender = z.enum(['USER', 'CLONE', 'SYSTEM']);
export type Sender = z.infer<typeof Sender>;

/** spec/chat.md §3: how a conversation is held. */
export const Medium = z.enum([
  'WEB',
  'API',
  'EMAIL',
  'SMS',
  'WHATSAPP',
  'TELEGRAM',
  'EMBED',
  'BROWSER_VOICE',
  'PHONE_VOICE',
  'VIDEO',
]);
export type Medium = z.infer<typeof Medium>;

/** spec/chat.md §3: citation source types. */
export const CitationType = z.enum([
  'youtube',
  'twitter',
  'facebook',
  'linkedin',
  'instagram',
  'podcast',
  'file',
  'website',
  'video_file',
  'audio_file',
]);
export type CitationType = z.infer<typeof CitationType>;

/**
 * spec/chat.md §3: a citation. `index` is the number of its `[n]` marker; `used` tells a
 * source the answer cites (a marker in the text) from one that was only relevant.
 */
export const Citation = z.object({
  id: z.string(),
  index: z.number().int().min(1),
  used: z.boolean(),
  documentId: z.string(),
  documentTitle: z.string(),
  title: z.string(),
  text: z.string(),
  url: z.string().nullable(),
  /** Milliseconds into the media, for video and podcast sources. */
  timestamp: z.number().int().min(0).nullable(),
  tweetId: z.string().nullable(),
  visible: z.boolean(),
  createdAt: z.string(),
  type: CitationType,
});
export type Citation = z.infer<typeof Citation>;
/** GET /api/clone/talk/messages/:id/sources */
export const SourcesResponse = z.array(Citation);

/** spec/chat.md §3: an affiliate product link on a message. */
export const MessageAffiliate = z.object({
  url: z.string(),
  title: z.string(),
  imageUrl: z.string().nullable(),
});

/** spec/chat.md §3: a stored message. */
/** A person's verdict on a clone message: the like and thumbs-down actions (issue 9 §12). */
export const MessageReaction = z.enum(['like', 'dislike']);
export type MessageReaction = z.infer<typeof MessageReaction>;

export const Message = z.object({
  id: z.string(),
  conversationId: z.string(),
  text: z.string(),
  sender: Sender,
  type: z.literal('text'),
  createdAt: z.string(),
  fromStudio: z.boolean(),
  sessionStart: z.boolean(),
  saved: z.boolean(),
  hasSources: z.boolean(),
  /** The answer stopped before it was complete (the client left or cancelled). */
  interrupted: z.boolean(),
  imageUrl: z.string().nullable(),
  files: z.array(z.object({ name: z.string(), url: z.string() })),
  messageAffiliates: z.array(MessageAffiliate),
  /** The caller's own reaction to this message (POST /api/messages/:id/reaction), null for none. */
  reaction: MessageReaction.nullable().default(null),
});
export type Message = z.infer<typeof Message>;

/** spec/chat.md §3: a conversation, without its messages. */
export const Conversation = z.object({
  id: z.string(),
  cloneId: z.string(),
  cloneSlug: z.string(),
  instanceId: z.string().nullable(),
  title: z.string().default(DEFAULT_CONVERSATION_TITLE),
  medium: Medium,
  createdAt: z.string(),
  updatedAt: z.string(),
  shareId: z.string().nullable(),
  hidden: z.boolean(),
  recordingUrl: z.string().nullable(),
});
export type Conversation = z.infer<typeof Conversation>;

/** GET /api/conversations/:id */
export const ConversationWithMessages = Conversation.extend({ messages: z.array(Message) });
export type ConversationWithMessages = z.infer<typeof ConversationWithMessages>;

/**
 * spec/chat.md §5: a conversation title, 1 to 100 characters after trimming; one of only
 * invisible characters is empty, and control characters are refused (issue 7 §5).
 */
export const ConversationTitle = z
  .string()
  .trim()
  .min(TITLE_MIN_LENGTH, 'Title must not be empty')
  .max(TITLE_MAX_LENGTH, `Title must be at most ${TITLE_MAX_LENGTH} characters`)
  .refine((title) => title === '' || !isInvisibleText(title), 'Title must not be empty')
  .refine((title) => controlCharacterIn(title) === null, 'Title must not contain control characters');

/** POST /api/conversations */
export const CreateConversationRequest = z.object({
  slug: z.string().min(1),
  instanceSlug: z.string().min(1).nullish(),
  medium: Medium.default('WEB'),
  userOrigin: z.string().max(2_000).nullish(),
});
export type CreateConversationRequest = z.infer<typeof CreateConversationRequest>;

/** POST /api/clone/talk/conversation/title */
export const RenameConversationRequest = z.object({ id: z.string().min(1), title: ConversationTitle });
export type RenameConversationRequest = z.infer<typeof RenameConversationRequest>;
export const RenameConversationResponse = z.object({ title: z.string() });
