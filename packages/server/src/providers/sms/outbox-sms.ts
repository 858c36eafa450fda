/**
 * @module The text-message provider interface and its local default, the outbox (DESIGN §2):
 * every text is written to the `outbox` table and printed to the server log.
 */
import type { Queryable } from '@doppel/db';
import type { Logger } from '../../logger';
import { insertOutbox } from '../../store/outbox';

export interface TextMessage {
  to: string;
  body: string;
}

export interface SmsSender {
  readonly kind: 'outbox';
  send(message: TextMessage): Promise<void>;
}

export function outboxSms(db: Queryable, logger: Logger): SmsSender {
  return {
    kind: 'outbox',
    async send(message) {
      await insertOutbox(db, { channel: 'sms', to: message.to, subject: null, body: message.body });
      logger.info(`[outbox] text to ${message.to}: ${message.body}`);
    },
  };
}
