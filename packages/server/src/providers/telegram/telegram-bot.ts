/**
 * @module The Telegram side of the text channels: the bot that writes to a visitor's chat, and the
 * link that opens it. The local default writes to the outbox (addressed `@username`); the real one
 * calls the Bot API (`sendMessage`, `getMe`) over HTTPS with JSON bodies.
 */
import type { Queryable } from '@doppel/db';
import { z } from 'zod';
import type { Logger } from '../../logger';
import { insertOutbox } from '../../store/outbox';

export interface TelegramChat {
  /** The chat's id (the Bot API's `chat.id`). */
  chatId: string;
  /** The visitor's username, lower-cased, without '@'. */
  username: string;
}

export interface TelegramBot {
  readonly kind: 'outbox' | 'telegram';
  /** The link that opens the bot, with `start` as the /start payload. */
  link(start: string): Promise<string>;
  send(chat: TelegramChat, text: string): Promise<void>;
}

/** The username the local outbox's bot goes by (its link leads nowhere: the developer plays the visitor). */
export const LOCAL_BOT_USERNAME = 'doppel_local_bot';

const linkTo = (bot: string, start: string) => `https://t.me/${bot}?start=${encodeURIComponent(start)}`;

export function outboxTelegram(db: Queryable, logger: Logger): TelegramBot {
  return {
    kind: 'outbox',
    link: async (start) => linkTo(LOCAL_BOT_USERNAME, start),
    async send(chat, text) {
      await insertOutbox(db, { channel: 'telegram', to: `@${chat.username}`, subject: null, body: text });
      logger.info(`[outbox] Telegram to @${chat.username}: ${text}`);
    },
  };
}

export interface TelegramConfig {
  botToken: string;
  /** The secret Telegram sends back in X-Telegram-Bot-Api-Secret-Token (setWebhook's secret_token). */
  webhookSecret: string;
  /** Another base URL for the Bot API (tests), or null for https://api.telegram.org. */
  apiBase: string | null;
}

/** The Bot API's envelope: `{ok: true, result}` or `{ok: false, error_code, description}`. */
const Envelope = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error_code: z.number(), description: z.string() }),
]);
const Me = z.object({ id: z.number(), is_bot: z.literal(true), username: z.string() });

export function botApiTelegram(config: TelegramConfig): TelegramBot {
  const base = (config.apiBase ?? 'https://api.telegram.org').replace(/\/$/, '');
  const call = async (method: string, body: Record<string, unknown>): Promise<unknown> => {
    const res = await fetch(`${base}/bot${config.botToken}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const answer = Envelope.parse(await res.json());
    if (!answer.ok) throw new Error(`Telegram ${method}: ${answer.error_code} ${answer.description}`);
    return answer.result;
  };
  let username: Promise<string> | null = null;
  return {
    kind: 'telegram',
    link(start) {
      // The bot's username is asked once (getMe) and kept; a failure is asked again next time.
      username ??= call('getMe', {}).then((me) => Me.parse(me).username);
      username.catch(() => {
        username = null;
      });
      return username.then((bot) => linkTo(bot, start));
    },
    async send(chat, text) {
      await call('sendMessage', { chat_id: chat.chatId, text });
    },
  };
}
