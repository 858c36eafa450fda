/**
 * Account, quota, membership and capture constants (spec/chat.md §5, §8, §9; spec/calls.md §5,
 * §8, §9) plus the server's own session and one-time-code limits. Kept apart from
 * `constants.ts` so the chat constants stay one short list.
 */

/** spec/calls.md §9: a monthly message allowance above this many shows as 'Unlimited'. */
export const UNLIMITED_MESSAGES_ABOVE = 99_999;
/** spec/calls.md §6: anonymous voice and video quotas are minutes × 60 seconds. */
export const SECONDS_PER_MINUTE = 60;
/** spec/chat.md §9: the feedback content box is 5 rows high. */
export const FEEDBACK_ROWS = 5;
/** Server limit on a feedback subject (the spec is silent). */
export const FEEDBACK_SUBJECT_MAX_LENGTH = 200;
/** RFC 5321: the longest deliverable address. */
export const EMAIL_MAX_LENGTH = 254;
/** Server limit on a phone number as typed (digits, spaces, punctuation). */
export const PHONE_MAX_LENGTH = 32;
/** spec/chat.md §7: the usage fetch retries 3 times, waiting 2 s then doubling. */
export const USAGE_FETCH_RETRIES = 3;
export const USAGE_FETCH_BACKOFF_MS = 2_000;

/** DESIGN §6: one-time codes live 10 minutes. */
export const OTP_TTL_MS = 10 * 60 * 1000;
/** DESIGN §6: wrong guesses allowed on one code before it is burnt. */
export const OTP_MAX_ATTEMPTS = 5;
/** DESIGN §6: codes sent to one address (or number) per hour. */
export const OTP_SENDS_PER_HOUR = 5;
/** A signed-in session (cookie or embed bearer token) lasts 30 days. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** DESIGN §4: the full site's HttpOnly session cookie. */
export const SESSION_COOKIE = 'doppel_session';
/** DESIGN §4: the full site's anonymous visitor cookie. */
export const VISITOR_COOKIE = 'doppel_visitor';
/** DESIGN §4: inside an embed the iframe sends its visitor id in this header. */
export const VISITOR_HEADER = 'X-Doppel-Visitor';
/** spec/chat.md §7: inside an embed the bearer token is kept under this storage key. */
export const EMBED_TOKEN_STORAGE_KEY = 'doppel:embed-token';
/** spec/chat.md §4: once the paywall opens, `paywalled=true` is stored locally under this key. */
export const PAYWALLED_STORAGE_KEY = 'paywalled';

/** spec/chat.md §5: an address that is not an e-mail address. */
export const INVALID_EMAIL = 'Invalid Email';
/** spec/chat.md §5: a banned user or a blocklisted domain. */
export const EMAIL_BANNED = 'This email address is banned.';
/** spec/chat.md §5: the phone step of the capture flow got an empty number. */
export const INVALID_PHONE_NUMBER = 'Invalid Phone Number';
/** spec/chat.md §5: a one-time code that is not six digits. */
export const INVALID_CODE = "That doesn't look like a six-digit code.";
/** spec/chat.md §8: sending an e-mail or phone code failed without a server reason. */
export const SEND_CODE_FAILED = 'Failed to send verification code.';
/** spec/chat.md §8: verifying a code failed without a server reason. */
export const VERIFY_CODE_FAILED = 'Unable to verify code. Please try again';
/** spec/chat.md §8: Google sign-in failed (or the provider did not vouch for the address). */
export const GOOGLE_SIGN_IN_FAILED = 'Failed to login or sign-up.';
/** spec/chat.md §8: resend progress and success in the capture flow. */
export const RESENDING_CODE = 'Resending code...';
export const CODE_RESENT = 'Code resent';
/** spec/chat.md §8: verify or resend with no e-mail address recorded (invalid state). */
export const CAPTURE_EMAIL_NOT_SET =
  'There is no email address to send a code to. Please enter your email again.';
/** spec/chat.md §8: verify or resend with no phone number recorded (invalid state). */
export const CAPTURE_PHONE_NOT_SET =
  'There is no phone number to send a code to. Please enter your number again.';
/** spec/chat.md §6: an action that needs a signed-in user. */
export const LOGIN_REQUIRED = 'You need to be logged in first.';
/** spec/calls.md §5: creators and contributors cannot subscribe to their own clone. */
export const OWN_CLONE_SUBSCRIBE_TOOLTIP = "You can't subscribe to your own clone";
/** spec/calls.md §5: the voice start tooltip on the idle screen when the monthly call quota is spent. */
export const CALL_QUOTA_EXHAUSTED = 'You have exhausted your monthly call quota with this Clone.';
/** spec/calls.md §5: the same tooltip everywhere else (the ended panel's Call button). */
export const CALL_QUOTA_EXHAUSTED_MIND = 'You have exhausted your monthly call quota with this Mind.';
/** spec/calls.md §4: a signed-in caller whose usage has no time-limit value: the call stops. */
export const NO_TIME_LIMIT_FOUND = 'No time limit found';
/** The sign-in step's line when a visitor's free call minutes are used (spec/calls.md §4, §5). */
export const FREE_CALL_MINUTES_USED = "You've used your free call minutes. Sign in to keep talking.";
/**
 * The same line when the visitor's free video call minutes are used: spec/calls.md §5 words the
 * video limit by itself ('video call quota'), so the video screen does not borrow the voice line.
 */
export const FREE_VIDEO_MINUTES_USED = "You've used your free video call minutes. Sign in to keep talking.";
/** spec/calls.md §5: the video start tooltip when the monthly video quota is spent. */
export const VIDEO_QUOTA_EXHAUSTED = 'You have exhausted your monthly video call quota with this Clone.';
