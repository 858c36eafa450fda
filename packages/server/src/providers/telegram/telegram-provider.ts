/**
 * @module The Telegram provider: the Bot API when TELEGRAM_BOT_TOKEN and TELEGRAM_WEBHOOK_SECRET
 * are set; else the local outbox, which offers Telegram only on a developer's machine
 * (DEV_OUTBOX), where the local inbound endpoint plays the visitor's side.
 */
import type { Queryable } from '@doppel/db';
import { z } from 'zod';
import { optional, optionalUrl, setting } from '../../config/setting';
import type { Logger } from '../../logger';
import { provider } from '../provider';
import { botApiTelegram, outboxTelegram, type TelegramBot, type TelegramConfig } from './telegram-bot';

export const telegramProvider = provider({
  title: 'Telegram',
  concern: 'the clone answering on Telegram',
  localDefault:
    'written to the `outbox` table and printed to the server log; with `DEV_OUTBOX` on, Telegram is offered and `POST /api/dev/texts` plays the visitor',
  real: 'a Telegram bot (Bot API over HTTPS)',
  settings: {
    TELEGRAM_BOT_TOKEN: setting(
      optional.pipe(
        z
          .string()
          .regex(/^\d+:[\w-]{20,}$/, 'must be a bot token from @BotFather')
          .optional(),
      ),
      'unset: the local outbox',
      "The bot's token from @BotFather.",
    ),
    TELEGRAM_WEBHOOK_SECRET: setting(
      optional.pipe(
        z
          .string()
          .regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16 to 256 letters, digits, _ or -')
          .optional(),
      ),
      'unset',
      'The `secret_token` given to setWebhook: `POST /api/webhooks/telegram` refuses updates without it in `X-Telegram-Bot-Api-Secret-Token`.',
    ),
    TELEGRAM_API_BASE: setting(
      optionalUrl,
      'unset: https://api.telegram.org',
      "Another base URL for the Bot API (the tests' local Telegram).",
    ),
  },
  read: (e, { devOutbox }) => {
    const bot: TelegramConfig | null =
      e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_WEBHOOK_SECRET
        ? {
            botToken: e.TELEGRAM_BOT_TOKEN,
            webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
            apiBase: e.TELEGRAM_API_BASE ?? null,
          }
        : null;
    return {
      /** The bot's settings, or null: the local outbox. */
      bot,
      /** The local outbox stands in for Telegram (a developer's machine). */
      localChannel: bot === null && devOutbox,
    };
  },
  configured: (config) => config.bot !== null,
  offers: (config) => ({ telegram: config.bot !== null || config.localChannel }),
  create: (config, deps: { db: Queryable; logger: Logger }): TelegramBot =>
    config.bot ? botApiTelegram(config.bot) : outboxTelegram(deps.db, deps.logger),
});

export type TelegramProviderConfig = ReturnType<typeof telegramProvider.read>;
