/**
 * @module The local mailer: every mail is written to the `outbox` table and printed to the
 * server log, code included (DESIGN §4), so a developer signs in without a mail server.
 */
import type { Queryable } from '@doppel/db';
import type { Logger } from '../../logger';
import { insertOutbox } from '../../store/outbox';
import type { Mailer } from './mailer';

export function outboxMailer(db: Queryable, logger: Logger): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await insertOutbox(db, {
        channel: 'email',
        to: message.to,
        subject: message.subject,
        body: message.text,
      });
      logger.info(`[outbox] mail to ${message.to}: ${message.subject}\n${message.text}`);
    },
    close() {},
  };
}
