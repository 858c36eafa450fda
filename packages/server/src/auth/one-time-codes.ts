/**
 * @module The one send-code service for e-mail and phone (DESIGN §6): issues a six-digit code
 * within the send limits and hands it to the channel's delivery; uses a code within the
 * client's guess limits. Both the sign-in and the phone routes go through it.
 */
import type { Queryable } from '@doppel/db';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MS } from '@doppel/protocol';
import type { Context } from 'hono';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-address';
import { type ConsumeOutcome, consumeCode, issueCode, type OtpChannel } from '../store/otp-codes';
import { sixDigitCode } from './crypto';

export const TOO_MANY_CODES = 'Too many codes requested. Try again later.';
export const TOO_MANY_TRIES = 'Too many wrong codes. Try again later.';

/**
 * Wrong guesses at one code from all clients together before it burns. Each client has only
 * OTP_MAX_ATTEMPTS (the spec's limit) and its hourly allowance; this cap bounds a spread attack:
 * 50 guesses at a million codes is a 1-in-20,000 chance.
 */
export const OTP_MAX_ATTEMPTS_TOTAL = 50;

export interface CodeTarget {
  channel: OtpChannel;
  /** What the code is for: the e-mail address, or `<user id>:<number>` for a phone. */
  subject: string;
}

export type SendOutcome = 'sent' | 'limited' | 'failed';

export function oneTimeCodes({ db, config, clock, logger, authSecret }: AppDeps) {
  return {
    /**
     * Issues a code for `target` and delivers it with `deliver`: 'limited' when a send limit
     * refuses (nothing sent), 'failed' when the delivery throws (logged).
     */
    async send(
      c: Context,
      target: CodeTarget & { address: string },
      deliver: (code: string) => Promise<void>,
    ): Promise<SendOutcome> {
      const code = sixDigitCode();
      const outcome = await issueCode(db, {
        ...target,
        ip: clientIp(c, config.auth),
        code,
        secret: await authSecret(),
        now: clock.now(),
        ttlMs: OTP_TTL_MS,
        perAddressPerClientPerHour: config.auth.otpSendsPerHour,
        perAddressPerHour: config.auth.otpSendsPerAddressPerHour,
        perIpPerHour: config.auth.otpSendsPerIpPerHour,
      });
      if (outcome !== 'issued') return 'limited';
      try {
        await deliver(code);
        return 'sent';
      } catch (error) {
        logger.error(`sending a ${target.channel} code to ${target.address} failed`, error);
        return 'failed';
      }
    },

    /**
     * Uses `code` for `target` and, in the same transaction, runs `onUsed` (create the session,
     * store the number): both happen or neither. A wrong guess is recorded either way.
     */
    async use<T>(
      c: Context,
      target: CodeTarget,
      code: string,
      onUsed: (tx: Queryable) => Promise<T>,
    ): Promise<{ outcome: 'used'; value: T } | { outcome: Exclude<ConsumeOutcome, 'used'> }> {
      const secret = await authSecret();
      const ip = clientIp(c, config.auth);
      return db.transaction(async (tx) => {
        const outcome = await consumeCode(tx, {
          ...target,
          code,
          secret,
          now: clock.now(),
          ip,
          maxAttemptsPerClient: OTP_MAX_ATTEMPTS,
          maxAttemptsTotal: OTP_MAX_ATTEMPTS_TOTAL,
          failuresPerIpPerHour: config.auth.otpFailuresPerIpPerHour,
        });
        if (outcome !== 'used') return { outcome };
        return { outcome, value: await onUsed(tx) };
      });
    },
  };
}
