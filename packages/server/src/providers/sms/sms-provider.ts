/**
 * @module The text-message provider (SMS and WhatsApp): Twilio when TWILIO_ACCOUNT_SID,
 * TWILIO_AUTH_TOKEN and TWILIO_SMS_FROM are set; else the local outbox (table + server log), which
 * carries phone codes everywhere but offers the text channels only on a developer's machine
 * (DEV_OUTBOX), where the local inbound endpoint plays the visitor's side.
 */
import type { Queryable } from '@doppel/db';
import { z } from 'zod';
import { optional, optionalUrl, setting } from '../../config/setting';
import type { Logger } from '../../logger';
import { provider } from '../provider';
import { outboxSms, type SmsSender } from './outbox-sms';
import { type TwilioConfig, twilioSms } from './twilio-sms';

const E164 = optional.pipe(
  z
    .string()
    .regex(/^\+[1-9]\d{7,14}$/, 'must be a number in international form, like +15550102030')
    .optional(),
);

export const smsProvider = provider({
  title: 'Text messages (SMS, WhatsApp)',
  concern: 'phone codes; the clone answering by SMS and WhatsApp',
  localDefault:
    'written to the `outbox` table and printed to the server log; with `DEV_OUTBOX` on, SMS and WhatsApp are offered and `POST /api/dev/texts` plays the visitor',
  real: 'Twilio Programmable Messaging (`twilio`)',
  settings: {
    TWILIO_ACCOUNT_SID: setting(
      optional.pipe(
        z
          .string()
          .regex(/^AC[0-9a-f]{32}$/i, 'must be an account SID (AC…)')
          .optional(),
      ),
      'unset: the local outbox',
      'The Twilio account that sends texts and signs their webhooks.',
    ),
    TWILIO_AUTH_TOKEN: setting(
      optional,
      'unset',
      "The account's auth token: sends through the REST API and checks `X-Twilio-Signature` on `POST /api/webhooks/twilio`.",
    ),
    TWILIO_SMS_FROM: setting(
      optional.pipe(
        z
          .string()
          .regex(
            /^(\+[1-9]\d{7,14}|MG[0-9a-f]{32})$/i,
            'must be a number like +15550102030 or a Messaging Service SID',
          )
          .optional(),
      ),
      'unset',
      'The sender of texts: a Twilio number in international form, or a Messaging Service SID (`MG…`).',
    ),
    TWILIO_WHATSAPP_FROM: setting(
      E164,
      'unset: no WhatsApp',
      'The WhatsApp sender number (international form, without `whatsapp:`); visitors write to it.',
    ),
    TWILIO_API_BASE: setting(
      optionalUrl,
      "unset: Twilio's own",
      "Another base URL for Twilio's REST API (the tests' local Twilio).",
    ),
  },
  read: (e, { devOutbox }) => {
    const twilio: TwilioConfig | null =
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_SMS_FROM
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            smsFrom: e.TWILIO_SMS_FROM,
            whatsappFrom: e.TWILIO_WHATSAPP_FROM ?? null,
            apiBase: e.TWILIO_API_BASE ?? null,
          }
        : null;
    return {
      /** Twilio's settings, or null: the local outbox. */
      twilio,
      /** The local outbox stands in for SMS and WhatsApp (a developer's machine). */
      localChannels: twilio === null && devOutbox,
    };
  },
  configured: (config) => config.twilio !== null,
  offers: (config) => ({
    sms: config.twilio !== null || config.localChannels,
    whatsapp: config.twilio?.whatsappFrom != null || config.localChannels,
  }),
  create: (config, deps: { db: Queryable; logger: Logger }): SmsSender =>
    config.twilio ? twilioSms(config.twilio) : outboxSms(deps.db, deps.logger),
});

export type SmsConfig = ReturnType<typeof smsProvider.read>;
