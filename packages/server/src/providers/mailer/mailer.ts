/** @module The e-mail provider interface (DESIGN §2): local outbox by default, SMTP with SMTP_URL. */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** 'outbox' is the local default: codes are readable in the server log and /api/dev/outbox. */
  readonly kind: 'outbox' | 'smtp';
  /** Resolves once the message is accepted for delivery; rejects when it was not. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}
