/** @module The e-mail provider: the local outbox by default, SMTP (nodemailer) with SMTP_URL. */
import type { Queryable } from '@doppel/db';
import { z } from 'zod';
import { optional, setting } from '../../config/setting';
import type { Logger } from '../../logger';
import { provider } from '../provider';
import type { Mailer } from './mailer';
import { outboxMailer } from './outbox-mailer';
import { smtpMailer } from './smtp-mailer';

/** The host of PUBLIC_URL for the default sender; `localhost` is not a deliverable domain. */
function mailDomain(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return host === 'localhost' || host === '127.0.0.1' ? 'localhost.localdomain' : host;
}

export const mailerProvider = provider({
  title: 'E-mail',
  concern: 'e-mail codes',
  localDefault:
    'written to the `outbox` table and printed to the server log (a developer reads codes there, or at `GET /api/dev/outbox` when `DEV_OUTBOX` is on)',
  real: 'SMTP (nodemailer)',
  settings: {
    SMTP_URL: setting(
      optional.pipe(
        z
          .url()
          .refine((u) => /^smtps?:/i.test(u), 'must be an smtp:// or smtps:// URL')
          .optional(),
      ),
      'unset: the local outbox',
      '`smtp://` or `smtps://` URL of the mail server for sign-in codes.',
    ),
    MAIL_FROM: setting(optional, 'Doppel <no-reply@(PUBLIC_URL host)>', 'The sender of sign-in mails.'),
  },
  read: (e, { publicUrl }) => ({
    /** smtp:// or smtps:// URL; null: the local outbox (table + server log). */
    smtpUrl: e.SMTP_URL ?? null,
    from: e.MAIL_FROM ?? `Doppel <no-reply@${mailDomain(publicUrl)}>`,
  }),
  configured: (config) => config.smtpUrl !== null,
  offers: () => ({}),
  create: (config, deps: { db: Queryable; logger: Logger }): Mailer =>
    config.smtpUrl ? smtpMailer(config.smtpUrl, config.from) : outboxMailer(deps.db, deps.logger),
});

export type MailConfig = ReturnType<typeof mailerProvider.read>;
