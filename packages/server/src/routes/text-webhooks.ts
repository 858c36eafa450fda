/**
 * @module Texts reaching the clone (DESIGN §4 "inbound webhooks under /api/webhooks/:provider"):
 * POST /api/webhooks/twilio (an SMS or WhatsApp message; `X-Twilio-Signature` checked with the
 * `twilio` library's validateRequest over PUBLIC_URL's address of this route), POST
 * /api/webhooks/telegram (a Bot API update; `X-Telegram-Bot-Api-Secret-Token` checked), and the
 * local developer's POST /api/dev/texts that plays the visitor while the local outbox is the
 * provider. A delivery is handled once (Twilio's MessageSid, Telegram's update_id): a replay
 * answers as the first did and changes nothing. A refused request writes nothing.
 */
import { timingSafeEqual } from 'node:crypto';
import {
  DevInboundText,
  InternationalPhone,
  TelegramUpdate,
  TelegramUsername,
  TwilioInbound,
} from '@doppel/protocol';
import { type Context, Hono } from 'hono';
import twilio from 'twilio';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { isDirectLoopbackRequest } from '../http/client-address';
import { describeIssues } from '../http/describe-issues';
import { BODY_TOO_LARGE, jsonBody, MALFORMED_JSON, readLimited } from '../middleware/json-body';
import { forgetInboundEvent, recordInboundEvent } from '../store/text-links';
import { handleInboundText, type InboundText } from '../texts/inbound-text';

export const BAD_TWILIO_SIGNATURE = 'Invalid X-Twilio-Signature';
export const BAD_TELEGRAM_SECRET = 'Invalid X-Telegram-Bot-Api-Secret-Token';
export const NOT_CONFIGURED = 'Not found';

/** An empty TwiML answer: the reply goes out through the REST API, not in the webhook's answer. */
const EMPTY_TWIML = new twilio.twiml.MessagingResponse().toString();

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export function textWebhookRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const twilioConfig = config.sms.twilio;
  const bot = config.telegram.bot;

  /** Handles a delivery once; a failure forgets it so that the provider's retry is handled. */
  const once = async (provider: string, eventId: string, inbound: InboundText | null): Promise<void> => {
    if (!(await recordInboundEvent(db, provider, eventId))) return;
    if (!inbound) return;
    try {
      await handleInboundText(deps, inbound);
    } catch (error) {
      await forgetInboundEvent(db, provider, eventId);
      throw error;
    }
  };

  return new Hono()
    .post('/webhooks/twilio', async (c) => {
      if (!twilioConfig) return apiError(c, 404, NOT_CONFIGURED);
      const raw = await readLimited(c.req.raw, config.jsonBodyLimitBytes);
      if (raw === null) return apiError(c, 413, BODY_TOO_LARGE);
      const params = Object.fromEntries(new URLSearchParams(raw));
      const url = `${config.publicUrl}${c.req.path}${new URL(c.req.url).search}`;
      const signature = c.req.header('x-twilio-signature') ?? '';
      if (!twilio.validateRequest(twilioConfig.authToken, signature, url, params))
        return apiError(c, 403, BAD_TWILIO_SIGNATURE);
      const parsed = TwilioInbound.safeParse(params);
      if (!parsed.success) return apiError(c, 400, describeIssues(parsed.error));
      const message = parsed.data;
      if (message.AccountSid !== twilioConfig.accountSid) return apiError(c, 403, BAD_TWILIO_SIGNATURE);
      const whatsapp = message.From.startsWith('whatsapp:');
      const from = InternationalPhone.safeParse(message.From.replace(/^whatsapp:/, ''));
      await once(
        'twilio',
        message.MessageSid,
        from.success
          ? { medium: whatsapp ? 'WHATSAPP' : 'SMS', address: from.data, text: message.Body }
          : null,
      );
      return c.body(EMPTY_TWIML, 200, { 'content-type': 'text/xml; charset=utf-8' });
    })
    .post('/webhooks/telegram', async (c) => {
      if (!bot) return apiError(c, 404, NOT_CONFIGURED);
      if (!sameSecret(c.req.header('x-telegram-bot-api-secret-token') ?? '', bot.webhookSecret))
        return apiError(c, 401, BAD_TELEGRAM_SECRET);
      return telegramUpdate(c, await readLimited(c.req.raw, config.jsonBodyLimitBytes), once);
    })
    .post(
      '/dev/texts',
      async (c, next) => {
        // Like GET /api/dev/outbox: a developer's machine only, while the local outbox is the provider.
        if (!config.devOutbox || !isDirectLoopbackRequest(c)) return apiError(c, 404, NOT_CONFIGURED);
        return next();
      },
      jsonBody(DevInboundText, { maxBytes: config.jsonBodyLimitBytes }),
      async (c) => {
        const { medium, from, text } = c.var.body;
        const local = medium === 'TELEGRAM' ? deps.telegram.kind === 'outbox' : deps.sms.kind === 'outbox';
        if (!local) return apiError(c, 404, NOT_CONFIGURED);
        const address = (medium === 'TELEGRAM' ? TelegramUsername : InternationalPhone).safeParse(from);
        if (!address.success) return apiError(c, 400, describeIssues(address.error));
        const replies = await handleInboundText(deps, {
          medium,
          address: address.data,
          text,
          // The local bot's chat with a visitor is named after them.
          ...(medium === 'TELEGRAM' && { chatId: `@${address.data}` }),
        });
        return c.json({ replies });
      },
    );
}

/** One Bot API update: a private text message is handled; anything else is acknowledged. */
async function telegramUpdate(
  c: Context,
  raw: string | null,
  once: (provider: string, eventId: string, inbound: InboundText | null) => Promise<void>,
): Promise<Response> {
  if (raw === null) return apiError(c, 413, BODY_TOO_LARGE);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return apiError(c, 400, MALFORMED_JSON);
  }
  const parsed = TelegramUpdate.safeParse(json);
  if (!parsed.success) return apiError(c, 400, describeIssues(parsed.error));
  const { update_id: updateId, message } = parsed.data;
  const readable = message?.text !== undefined && message.chat.type === 'private' && !message.from.is_bot;
  await once(
    'telegram',
    String(updateId),
    readable && message?.text !== undefined
      ? {
          medium: 'TELEGRAM',
          address: message.from.username?.toLowerCase() ?? null,
          text: message.text,
          chatId: String(message.chat.id),
        }
      : null,
  );
  return c.json({ ok: true });
}
