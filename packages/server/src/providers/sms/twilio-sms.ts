/**
 * @module SMS and WhatsApp through Twilio's Programmable Messaging, with the official `twilio`
 * library. `apiBase` points the library at another host (the tests' local Twilio): every request
 * the library builds for https://api.twilio.com goes there instead, unchanged otherwise.
 */
import twilio from 'twilio';
import type { SmsSender } from './outbox-sms';

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The sender of texts: a number in international form, or a Messaging Service SID (`MG…`). */
  smsFrom: string;
  /** The WhatsApp sender number (international form), or null when WhatsApp is not set up. */
  whatsappFrom: string | null;
  /** Another base URL for Twilio's REST API (tests), or null for Twilio's own. */
  apiBase: string | null;
}

/** A RequestClient that sends Twilio's requests to `base` instead of twilio.com. */
function requestClientFor(base: string): twilio.RequestClient {
  const target = new URL(base);
  class ToBase extends twilio.RequestClient {
    override request<TData>(opts: Parameters<twilio.RequestClient['request']>[0] & { data?: TData }) {
      const uri = new URL(opts.uri);
      uri.protocol = target.protocol;
      uri.host = target.host;
      return super.request<TData>({ ...opts, uri: uri.href });
    }
  }
  return new ToBase({ autoRetry: false });
}

export function twilioSms(config: TwilioConfig): SmsSender {
  const client = twilio(config.accountSid, config.authToken, {
    ...(config.apiBase && { httpClient: requestClientFor(config.apiBase) }),
  });
  const smsSender = config.smsFrom.startsWith('MG')
    ? { messagingServiceSid: config.smsFrom }
    : { from: config.smsFrom };
  return {
    kind: 'twilio',
    whatsappNumber: config.whatsappFrom,
    async send(message) {
      if (message.medium === 'WHATSAPP') {
        if (!config.whatsappFrom) throw new Error('WhatsApp is not set up (TWILIO_WHATSAPP_FROM)');
        await client.messages.create({
          to: `whatsapp:${message.to}`,
          from: `whatsapp:${config.whatsappFrom}`,
          body: message.body,
        });
        return;
      }
      await client.messages.create({ to: message.to, body: message.body, ...smsSender });
    },
  };
}
