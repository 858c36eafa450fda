/** @module The server's e-mail rules (core validateEmail) from its settings, plus banned accounts. */

import { type EmailCheck, type EmailRules, validateEmail } from '@doppel/core';
import type { Queryable } from '@doppel/db';
import { EMAIL_BANNED } from '@doppel/protocol';
import type { AuthConfig } from '../config';
import { isBanned } from '../store/users';

export function emailRules(auth: AuthConfig): EmailRules {
  return {
    staffDomains: auth.staffEmailDomains,
    bannedDomains: auth.bannedEmailDomains,
    bannedEmails: auth.bannedEmails,
  };
}

/** validateEmail with the configured lists, then the banned flag of an existing account. */
export async function checkEmail(db: Queryable, auth: AuthConfig, raw: string): Promise<EmailCheck> {
  const check = validateEmail(raw, emailRules(auth));
  if (!check.ok) return check;
  return (await isBanned(db, check.email)) ? { ok: false, error: EMAIL_BANNED } : check;
}
