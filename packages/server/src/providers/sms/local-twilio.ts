/**
 * @module A local server answering as Twilio's REST API does for the one call this deployment
 * makes (Messages create), for the tests: Basic auth with the account SID and auth token, a
 * form-encoded body with To, Body and From (or MessagingServiceSid), the account in the path;
 * 201 with the message resource, or Twilio's error bodies (401 code 20003, 400 code 21604/21602).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { listenLocally, readRequestText } from '../local-double';

export interface LocalTwilioMessage {
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

export interface LocalTwilio {
  /** The base URL to give as TWILIO_API_BASE. */
  url: string;
  /** Every message accepted, in order. */
  messages: LocalTwilioMessage[];
  /** Requests refused (bad auth, bad body), in order, as `status code`. */
  refused: string[];
  /** Refuses the next message with Twilio's error (`{status: 400, code: 63016, message}`, say). */
  refuseNext(error: { status: number; code: number; message: string }): void;
  close(): Promise<void>;
}

export async function startLocalTwilio(account: { sid: string; token: string }): Promise<LocalTwilio> {
  const messages: LocalTwilioMessage[] = [];
  const refused: string[] = [];
  let refusal: { status: number; code: number; message: string } | null = null;
  const server = createServer(async (req, res) => {
    const fail = (status: number, code: number, message: string) => {
      refused.push(`${status} ${code}`);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }),
      );
    };
    const body = await readRequestText(req);
    const expected = `Basic ${Buffer.from(`${account.sid}:${account.token}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return fail(401, 20003, 'Authenticate');
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${account.sid}/Messages.json`)
      return fail(404, 20404, 'The requested resource was not found');
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
      return fail(400, 20001, 'Content-Type must be application/x-www-form-urlencoded');
    const form = new URLSearchParams(body);
    const to = form.get('To');
    const text = form.get('Body');
    const from = form.get('From');
    const service = form.get('MessagingServiceSid');
    if (!to) return fail(400, 21604, "A 'To' phone number is required.");
    if (!from && !service) return fail(400, 21603, "A 'From' phone number is required.");
    if (!text) return fail(400, 21602, 'Message body is required.');
    if (refusal) {
      const { status, code, message } = refusal;
      refusal = null;
      return fail(status, code, message);
    }
    messages.push({ to, from, messagingServiceSid: service, body: text });
    const now = new Date().toUTCString();
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        account_sid: account.sid,
        api_version: '2010-04-01',
        body: text,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: from ?? null,
        messaging_service_sid: service ?? null,
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: 'USD',
        sid: `SM${randomBytes(16).toString('hex')}`,
        status: 'queued',
        subresource_uris: {},
        to,
        uri: `/2010-04-01/Accounts/${account.sid}/Messages.json`,
      }),
    );
  });
  return {
    ...(await listenLocally(server)),
    messages,
    refused,
    refuseNext(error) {
      refusal = error;
    },
  };
}
