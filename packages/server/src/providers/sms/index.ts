/** @module Text-message providers. */
export { outboxSms, type SmsSender, type TextMessage } from './outbox-sms';
export { smsProvider } from './sms-provider';
