/** @module E-mail providers. */
export type { Mailer, MailMessage } from './mailer';
export { outboxMailer } from './outbox-mailer';
export { smtpMailer } from './smtp-mailer';
