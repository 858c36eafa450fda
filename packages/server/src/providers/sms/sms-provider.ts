/**
 * @module The text-message provider: the local outbox (table + server log) for phone codes.
 * Twilio and the text channels (SMS, WhatsApp, Telegram opt-in) arrive with their issue; until
 * then no channel is offered.
 */
import type { Queryable } from '@doppel/db';
import type { Logger } from '../../logger';
import { provider } from '../provider';
import { outboxSms, type SmsSender } from './outbox-sms';

export const smsProvider = provider({
  title: 'Text messages',
  concern: 'phone codes (capture in embeds)',
  localDefault: 'written to the `outbox` table and printed to the server log',
  real: 'none yet: Twilio and the SMS / WhatsApp / Telegram channels arrive with the text-message issue',
  settings: {},
  read: () => ({}),
  configured: () => false,
  offers: () => ({}),
  create: (_config, deps: { db: Queryable; logger: Logger }): SmsSender => outboxSms(deps.db, deps.logger),
});
