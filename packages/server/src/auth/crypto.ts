/** @module Random tokens, one-time codes, hashes and signatures for accounts and visitors. */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@doppel/protocol';

/** `bytes` random bytes as base64url: 32 bytes give 43 characters, 256 bits of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A six-digit code, every value equally likely (crypto.randomInt, not Math.random). */
export function sixDigitCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** SHA-256 as hex: how session tokens are stored. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** HMAC-SHA256 of `text` under `secret`, base64url. */
export function hmac(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64url');
}

/** Compares two strings in time independent of where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
