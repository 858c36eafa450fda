/**
 * @module The text-message provider interface and its local default, the outbox (DESIGN §2):
 * every text is written to the `outbox` table and printed to the server log.
 */
import type { Queryable } from '@doppel/db';
import type { Logger } from '../../logger';
import { insertOutbox } from '../../store/outbox';

export interface TextMessage {
  /** A number in international form (`+15550102030`). */
  to: string;
  body: string;
  /** SMS (the default: phone codes, texts) or WhatsApp. */
  medium?: 'SMS' | 'WHATSAPP';
}

export interface SmsSender {
  readonly kind: 'outbox' | 'twilio';
  /** The number visitors write to on WhatsApp (international form), or null without WhatsApp. */
  readonly whatsappNumber: string | null;
  send(message: TextMessage): Promise<void>;
}

/** The number the local outbox shows for WhatsApp: a reserved fictional number (555-01xx). */
export const LOCAL_WHATSAPP_NUMBER = '+15550100000';

export function outboxSms(db: Queryable, logger: Logger): SmsSender {
  return {
    kind: 'outbox',
    whatsappNumber: LOCAL_WHATSAPP_NUMBER,
    async send(message) {
      const channel = message.medium === 'WHATSAPP' ? 'whatsapp' : 'sms';
      await insertOutbox(db, { channel, to: message.to, subject: null, body: message.body });
      logger.info(`[outbox] ${channel === 'sms' ? 'text' : 'WhatsApp'} to ${message.to}: ${message.body}`);
    },
  };
}
