/**
 * The spec's business constants (spec/chat.md §9, spec/calls.md §9) plus the server's own
 * limits. Both the app and the server read them from here, never from literals.
 */

/** spec/chat.md §9: an idle stream ends with an error after 30 s. */
export const STREAM_IDLE_TIMEOUT_MS = 30_000;
/** DESIGN §4 / issue 2: the server sends an SSE comment at least this often. */
export const STREAM_KEEPALIVE_MS = 15_000;
/** spec/chat.md §4: the stop button may cancel only after 1 s. */
export const STOP_GUARD_MS = 1_000;
/** spec/chat.md §9: a time separator when a message is 8 h or more after the previous one. */
export const TIME_SEPARATOR_GAP_MS = 8 * 60 * 60 * 1000;
/** spec/chat.md §9: suggested questions shown at once. */
export const SUGGESTED_QUESTIONS_SHOWN = 3;
/** spec/chat.md §9: the citation toast lasts 5 s. */
export const CITATION_TOAST_MS = 5_000;
/** spec/chat.md §9: the copy action stays in its complete state for 1 s. */
export const COPY_COMPLETE_MS = 1_000;
/** spec/chat.md §9: copy-link confirmation. */
export const COPY_LINK_CONFIRM_MS = 2_500;
/** spec/chat.md §9: scroll to the newest message 100 ms after it arrives. */
export const NEW_MESSAGE_SCROLL_MS = 100;
/** spec/chat.md §9: the history drawer opens after a 300 ms hover. */
export const HISTORY_HOVER_MS = 300;
/** spec/chat.md §9: mobile breakpoint. */
export const MOBILE_BREAKPOINT_PX = 640;
/** spec/chat.md §9: the citation sheet is capped at 75% of the viewport height on desktop. */
export const CITATION_SHEET_MAX_VH = 75;
/** spec/chat.md §5: conversation titles are 1 to 100 characters. */
export const TITLE_MIN_LENGTH = 1;
export const TITLE_MAX_LENGTH = 100;
/** spec/chat.md §3: a conversation's default title. */
export const DEFAULT_CONVERSATION_TITLE = 'Conversation';
/** Server limit on one outbound message (the spec is silent; long enough for any real question). */
export const MESSAGE_MAX_LENGTH = 4_000;
/** The prompt shows its character counter from this many characters on (issue 9 §10). */
export const MESSAGE_COUNTER_FROM = 3_600;
/** Why a message over MESSAGE_MAX_LENGTH is refused: the prompt's words and the server's 400. */
export const MESSAGE_TOO_LONG = `Messages can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`;
/** spec/chat.md §5: citation markers look like [1] to [99]. */
export const CITATION_MARKER_MAX = 99;
/** spec/chat.md §9: one-time code length. */
export const OTP_LENGTH = 6;
/** spec/chat.md §9: feedback content limit. */
export const FEEDBACK_MAX_LENGTH = 1_000;
/** spec/chat.md §9: files in one draft. */
export const MAX_DRAFT_FILES = 3;
/** spec/chat.md §9: product names truncated past 30 characters. */
export const PRODUCT_NAME_MAX = 30;
/** spec/chat.md §9: capture starts 500 ms after the quota is reached. */
export const CAPTURE_START_DELAY_MS = 500;
/** spec/chat.md §9: simulated typing delays during capture. */
export const CAPTURE_TYPING_FIRST_MS = { min: 800, max: 1_300 } as const;
export const CAPTURE_TYPING_SECOND_MS = { min: 600, max: 800 } as const;
/** spec/chat.md §9: capture scrolls to the bottom 200 ms after a step appears. */
export const CAPTURE_SCROLL_MS = 200;
/** spec/chat.md §9: quota -1 means unlimited. */
export const UNLIMITED = -1;
/** spec/chat.md §6: the remaining-messages counter turns red at this many or fewer. */
export const REMAINING_WARN_AT = 3;
/** spec/chat.md §9: default clone language. */
export const DEFAULT_LANGUAGE = 'English';
/** spec/chat.md §8: the clone message shown when an answer fails. */
export const FALLBACK_CLONE_MESSAGE =
  "I'm sorry, I had a problem when trying to come up with an answer. Could you try asking again?";
/** spec/chat.md §5: the error text of an invalid outbound message. */
export const INVALID_OUTBOUND_MESSAGE = 'Invalid outbound message';
/** spec/chat.md §3: the title that marks a creator's private answer. */
export const CREATOR_ANSWER_TITLE = 'Answer Provided by the Clone Creator';
/** Longest text read aloud at once (a clone answer is far shorter; the server's own limit). */
export const TTS_TEXT_MAX_LENGTH = 5_000;
/** spec/chat.md §8: what read aloud says when the browser refuses to play. */
export const AUDIO_BLOCKED = 'Your browser is blocking audio playback. Please try again.';
/** spec/chat.md §9: large uploads go in 31,457,280-byte (30 MB) parts. */
export const UPLOAD_PART_BYTES = 31_457_280;
/** spec/chat.md §9: the client sends 5 parts at once per batch. */
export const UPLOAD_PARALLEL_PARTS = 5;
/** Largest file sent whole to POST /api/upload; larger ones go through the multipart upload. */
export const UPLOAD_DIRECT_MAX_BYTES = UPLOAD_PART_BYTES;
/** Largest file accepted at all (the server's limit; the spec gives none). */
export const UPLOAD_MAX_BYTES = 512 * 1024 * 1024;
/** Largest image accepted. */
export const UPLOAD_IMAGE_MAX_BYTES = 20 * 1024 * 1024;
/** Documents are read up to this size; a larger PDF, Office file or EPUB is refused (text files: their start is read). */
export const UPLOAD_READ_MAX_BYTES = 64 * 1024 * 1024;
