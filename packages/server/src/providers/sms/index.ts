/** @module Text-message providers (SMS, WhatsApp). */
export { LOCAL_WHATSAPP_NUMBER, outboxSms, type SmsSender, type TextMessage } from './outbox-sms';
export { type SmsConfig, smsProvider } from './sms-provider';
export { type TwilioConfig, twilioSms } from './twilio-sms';
