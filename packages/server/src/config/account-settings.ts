/** @module Accounts, one-time codes and usage limits (spec/chat.md §5, §9; DESIGN §4). */
import { OTP_SENDS_PER_HOUR } from '@doppel/protocol';
import { z } from 'zod';
import { flag, integer, list, optional, setting } from './setting';
import { settingsGroup } from './settings-group';

export const accountSettings = settingsGroup({
  title: 'Accounts, codes and limits',
  settings: {
    AUTH_SECRET: setting(
      optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
      'unset: generated once and kept in the database (shared by every process)',
      'Signs visitor ids and hashes sign-in codes; at least 32 characters. Changing it signs everyone out of their visitor ids and voids pending codes.',
    ),
    STAFF_EMAIL_DOMAINS: setting(
      list,
      'none',
      "Comma-separated domains of the product's staff: exempt from the subaddress rule.",
    ),
    BANNED_EMAIL_DOMAINS: setting(
      list,
      'none',
      "Comma-separated domains (and their subdomains) that may not sign in: 'This email address is banned.'",
    ),
    BANNED_EMAILS: setting(list, 'none', 'Comma-separated addresses that may not sign in.'),
    OTP_SENDS_PER_HOUR: setting(
      integer(OTP_SENDS_PER_HOUR, 1, 10_000),
      String(OTP_SENDS_PER_HOUR),
      'Sign-in codes sent to one address or phone number from one client (IP address) per hour.',
    ),
    OTP_SENDS_PER_ADDRESS_PER_HOUR: setting(
      integer(20, 1, 10_000),
      '20',
      'Sign-in codes sent to one address or phone number per hour, from all clients together.',
    ),
    OTP_FAILURES_PER_IP_PER_HOUR: setting(
      integer(30, 1, 1_000_000),
      '30',
      'Wrong sign-in codes one IP address may try per hour, at any address (then 429).',
    ),
    OTP_SENDS_PER_IP_PER_HOUR: setting(
      integer(20, 1, 1_000_000),
      '20',
      'Sign-in codes requested from one IP address per hour.',
    ),
    TRUST_PROXY: setting(
      flag(false),
      'false',
      '`true` behind a reverse proxy: the client address is read from `X-Forwarded-For`, as the trusted proxy wrote it.',
    ),
    TRUST_PROXY_HOPS: setting(
      integer(1, 1, 10),
      '1',
      "With `TRUST_PROXY`, how many proxies of yours stand in front of the server: the client is the entry that many places from the right of `X-Forwarded-For` (entries further left are the client's own claims).",
    ),
    FREE_MESSAGES_PER_MONTH: setting(
      integer(30, -1, 100_000_000),
      '30',
      'Signed-in monthly message quota for a clone without a free (price 0) membership.',
    ),
    CONVERSATIONS_PER_IP_PER_HOUR: setting(
      integer(100, 1, 1_000_000),
      '100',
      'Conversations one IP address may start per hour (then 429); each new anonymous visitor starts with a free quota, so this bounds what one client can take.',
    ),
    USAGE_ENFORCEMENT: setting(
      flag(true),
      'on',
      '`off` only for benchmarks: sends are neither counted nor refused.',
    ),
  },
  read: (e) => ({
    auth: {
      /** Signs visitor ids and hashes one-time codes; null: generated once and kept in the database. */
      secret: e.AUTH_SECRET ?? null,
      /** The product's own domains: exempt from the subaddress rule (spec/chat.md §5). */
      staffEmailDomains: e.STAFF_EMAIL_DOMAINS,
      bannedEmailDomains: e.BANNED_EMAIL_DOMAINS,
      bannedEmails: e.BANNED_EMAILS,
      /** Codes sent to one address or number from one client per hour. */
      otpSendsPerHour: e.OTP_SENDS_PER_HOUR,
      /** Codes sent to one address or number per hour, all clients together. */
      otpSendsPerAddressPerHour: e.OTP_SENDS_PER_ADDRESS_PER_HOUR,
      /** Wrong codes one IP address may try per hour. */
      otpFailuresPerIpPerHour: e.OTP_FAILURES_PER_IP_PER_HOUR,
      /** Codes requested from one IP address per hour. */
      otpSendsPerIpPerHour: e.OTP_SENDS_PER_IP_PER_HOUR,
      /** Behind a reverse proxy: the client address comes from X-Forwarded-For. */
      trustProxy: e.TRUST_PROXY,
      /** How many trusted proxies append to X-Forwarded-For (the client is that many from the right). */
      proxyHops: e.TRUST_PROXY_HOPS,
    },
    usage: {
      /** The signed-in monthly message quota when a clone has no free membership. */
      freeMessagesPerMonth: e.FREE_MESSAGES_PER_MONTH,
      /** Conversations one client address may start per hour. */
      conversationsPerIpPerHour: e.CONVERSATIONS_PER_IP_PER_HOUR,
      /** Off only for benchmarks: sends are neither counted nor refused. */
      enforce: e.USAGE_ENFORCEMENT,
    },
  }),
});

export type AuthConfig = ReturnType<typeof accountSettings.read>['auth'];
export type UsageConfig = ReturnType<typeof accountSettings.read>['usage'];
