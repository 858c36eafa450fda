/** @module The sign-in code e-mail: plain text first (the outbox and the log show it), and HTML. */
import { OTP_TTL_MS } from '@doppel/protocol';
import type { MailMessage } from '../providers/mailer';

const MINUTES = Math.round(OTP_TTL_MS / 60_000);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** `noLogo`: whitelabel embeds ask for a mail without the product's name and logo (spec/chat.md §7). */
export function signInMail(input: {
  to: string;
  code: string;
  noLogo: boolean;
  publicUrl: string;
}): MailMessage {
  const product = input.noLogo ? '' : 'Doppel ';
  const subject = `Your ${product}sign-in code: ${input.code}`;
  const text = [
    `Your ${product}sign-in code is ${input.code}.`,
    '',
    `It works once, for ${MINUTES} minutes. If you did not ask for it, ignore this e-mail: nobody can sign in without the code.`,
  ].join('\n');
  const logo = input.noLogo
    ? ''
    : `<p style="font:600 18px system-ui,sans-serif;margin:0 0 16px"><img src="${escapeHtml(input.publicUrl)}/favicon.svg" alt="" width="20" height="20" style="vertical-align:-3px"> Doppel</p>`;
  const html = `<!doctype html><html><body style="font:16px/1.5 system-ui,sans-serif;color:#1a1a1a">${logo}<p>Your sign-in code is</p><p style="font:700 28px/1 ui-monospace,monospace;letter-spacing:4px">${escapeHtml(input.code)}</p><p>It works once, for ${MINUTES} minutes. If you did not ask for it, ignore this e-mail: nobody can sign in without the code.</p></body></html>`;
  return { to: input.to, subject, text, html };
}
