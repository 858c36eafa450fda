/** @module Mail through an SMTP server (SMTP_URL, smtp:// or smtps://) with nodemailer. */
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url, { from });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
    close: () => transport.close(),
  };
}
