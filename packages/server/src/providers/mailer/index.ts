/** @module E-mail providers. */
export type { Mailer, MailMessage } from './mailer';
export { type MailConfig, mailerProvider } from './mailer-provider';
export { outboxMailer } from './outbox-mailer';
export { smtpMailer } from './smtp-mailer';
