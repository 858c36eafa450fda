/**
 * @module The text channels (spec/calls.md §2 'Get a Text', §5, §7 greetUser, §8): the app's
 * greeting request, the providers' inbound webhooks (Twilio's form post, Telegram's update) and
 * the local developer's inbound endpoint.
 */
import { z } from 'zod';
import { INVALID_PHONE_NUMBER, PHONE_MAX_LENGTH } from './account-constants';

/** The channels a visitor can get texts on (spec/calls.md §2), as conversation media. */
export const TextMedium = z.enum(['SMS', 'WHATSAPP', 'TELEGRAM']);
export type TextMedium = z.infer<typeof TextMedium>;

/** spec/calls.md §8: the Get a Text form's messages. */
export const TEXT_SENDING = 'Sending ...';
export const TEXT_SENT = 'Message Sent';
export const TEXT_SEND_FAILED = 'Failed to send message';
export const COUNTRY_NOT_SUPPORTED = 'Country is not supported';
export const INVALID_TELEGRAM_USERNAME = 'Invalid Telegram username';
/** The SMS checkbox must be ticked (spec/calls.md §5); the server checks it too. */
export const SMS_CONSENT_REQUIRED = 'Tick the box to agree to receive text messages';
export const TEXT_CHANNEL_UNAVAILABLE = 'This channel is not available for this clone';
/** Greetings a user may ask for in an hour, and greetings one number or username may get. */
export const GREETINGS_PER_USER_PER_HOUR = 5;
export const GREETINGS_PER_ADDRESS_PER_HOUR = 3;
export const TOO_MANY_GREETINGS = 'Too many messages requested. Try again later.';

/**
 * spec/calls.md §5: the SMS consent the visitor ticks. `{clone}` is the clone's name.
 * (The same words reach the server's records through `consent: true`.)
 */
export const SMS_CONSENT_TEXT =
  'I agree to receive text messages from {clone} for personalized help, creator updates and general inquiries. Message frequency varies. Message and data rates may apply. Reply STOP to opt out, HELP for help.';

/** A phone number in international form: '+', then 8 to 15 digits (E.164). */
export const InternationalPhone = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, INVALID_PHONE_NUMBER)
  .transform((raw) => raw.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, INVALID_PHONE_NUMBER));

/**
 * A Telegram username as typed (with or without '@'): 5 to 32 letters, digits and underscores,
 * kept lower-cased without the '@' (Telegram's usernames are case-insensitive).
 */
export const TelegramUsername = z
  .string()
  .trim()
  .transform((raw) => raw.replace(/^@/, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z][a-z0-9_]{4,31}$/, INVALID_TELEGRAM_USERNAME));

/**
 * App → server, POST /api/channels/greet (signed in; spec/calls.md §7 greetUser): opt in to texts
 * from the clone on one channel. The number (SMS, WhatsApp) or username (Telegram) is stored on
 * the user, and the clone sends its first message.
 */
export const GreetRequest = z.discriminatedUnion('medium', [
  z.object({
    medium: z.literal('SMS'),
    slug: z.string().min(1),
    phoneNumber: InternationalPhone,
    /** The SMS consent box (spec/calls.md §5) was ticked. */
    consent: z.literal(true, SMS_CONSENT_REQUIRED),
  }),
  z.object({ medium: z.literal('WHATSAPP'), slug: z.string().min(1), phoneNumber: InternationalPhone }),
  z.object({ medium: z.literal('TELEGRAM'), slug: z.string().min(1), telegramUsername: TelegramUsername }),
]);
export type GreetRequest = z.input<typeof GreetRequest>;

/**
 * Server → app, answer to POST /api/channels/greet. `sent`: the first message went out now (on
 * Telegram it goes out when the visitor opens the bot). WhatsApp answers the number to write to,
 * Telegram the link that opens the bot.
 */
export const GreetResponse = z.object({
  medium: TextMedium,
  sent: z.boolean(),
  whatsappNumber: z.string().nullable(),
  telegramLink: z.string().nullable(),
});
export type GreetResponse = z.infer<typeof GreetResponse>;

/** Server → app, GET /api/geo/country: the visitor's country guessed from their IP address. */
export const GeoCountry = z.object({ country: z.string().length(2).nullable() });
export type GeoCountry = z.infer<typeof GeoCountry>;

/**
 * Twilio → server, POST /api/webhooks/twilio (form-encoded, signed with X-Twilio-Signature): an
 * inbound SMS or WhatsApp message. WhatsApp addresses carry the `whatsapp:` prefix.
 */
export const TwilioInbound = z.object({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-f]{32}$/i),
  AccountSid: z.string().min(1),
  From: z.string().min(1),
  To: z.string().min(1),
  Body: z.string().default(''),
});
export type TwilioInbound = z.infer<typeof TwilioInbound>;

/** Telegram → server, POST /api/webhooks/telegram: one Update (only text messages are read). */
export const TelegramUpdate = z.object({
  update_id: z.number().int(),
  message: z
    .object({
      message_id: z.number().int(),
      from: z.object({
        id: z.number().int(),
        is_bot: z.boolean().optional(),
        username: z.string().optional(),
      }),
      chat: z.object({ id: z.number().int(), type: z.string() }),
      text: z.string().optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof TelegramUpdate>;

/**
 * Developer → server, POST /api/dev/texts (local outbox only): play the visitor's side, as if
 * `from` (a number, or a Telegram username) had texted `text` to the clone on `medium`.
 */
export const DevInboundText = z.object({
  medium: TextMedium,
  from: z.string().trim().min(1).max(64),
  text: z.string().trim().min(1).max(1600),
});
export type DevInboundText = z.infer<typeof DevInboundText>;

/** Server → developer: the texts the clone sent back (also in the outbox). */
export const DevInboundAnswer = z.object({ replies: z.array(z.string()) });
export type DevInboundAnswer = z.infer<typeof DevInboundAnswer>;
