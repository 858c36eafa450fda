/**
 * @module API keys of the OpenAI-compatible endpoint: `dpl_` + 32 random bytes (base64url, 256
 * bits). The key is shown once; the database keeps its SHA-256 and a short prefix for people
 * to tell keys apart. A hash without a secret is enough here: the key itself is high-entropy,
 * and keys keep working when AUTH_SECRET changes.
 */
import { randomToken, sha256Hex } from './crypto';

/** Marks a Doppel key, so that it is recognisable in a provider's settings or a leak scanner. */
export const API_KEY_PREFIX = 'dpl_';
/** The shape of every key: the prefix and 43 base64url characters. */
export const API_KEY_PATTERN = /^dpl_[A-Za-z0-9_-]{43}$/;

export interface NewApiKey {
  /** The key, for the creator only: never stored. */
  key: string;
  /** What is stored and looked up. */
  hash: string;
  /** The key's first characters, shown by `key list`. */
  prefix: string;
}

/** A fresh key with its hash and prefix. */
export function newApiKey(): NewApiKey {
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  return { key, hash: apiKeyHash(key), prefix: key.slice(0, API_KEY_PREFIX.length + 8) };
}

/** The stored form of `key`. */
export function apiKeyHash(key: string): string {
  return sha256Hex(key);
}
