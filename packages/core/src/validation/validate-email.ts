import { EMAIL_BANNED, EmailAddress, INVALID_EMAIL } from '@doppel/protocol';

/** Who may use a plus subaddress, and who may not sign in at all. Domains are lower-case. */
export interface EmailRules {
  /** The product's own domains: exempt from the subaddress rule. */
  staffDomains?: readonly string[];
  /** Blocklisted domains; their subdomains are blocked too. */
  bannedDomains?: readonly string[];
  /** Banned users' addresses. */
  bannedEmails?: readonly string[];
}

/** The outcome of `validateEmail`: the address to use, or the reason it is refused. */
export type EmailCheck = { ok: true; email: string } | { ok: false; error: string };

/** spec/chat.md §5: the words for a refused subaddress. */
export function subaddressError(email: string): string {
  return `Subaddresses (${email}) are not allowed`;
}

const inDomain = (domain: string, list: readonly string[]): boolean =>
  list.some((entry) => {
    const d = entry.trim().toLowerCase();
    return d !== '' && (domain === d || domain.endsWith(`.${d}`));
  });

/**
 * Checks an e-mail address as typed: trimmed and lower-cased, shaped like an address ('Invalid
 * Email'), no `+tag` subaddress in the local part unless the domain is a staff domain, and not
 * banned ('This email address is banned.'). The app checks with no ban lists; the server checks
 * again with its own.
 * Why: spec/chat.md §5 (e-mail) and spec/calls.md §5 (email step).
 */
export function validateEmail(raw: string, rules: EmailRules = {}): EmailCheck {
  const parsed = EmailAddress.safeParse(raw);
  if (!parsed.success) return { ok: false, error: INVALID_EMAIL };
  const email = parsed.data;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.includes('+') && !inDomain(domain, rules.staffDomains ?? [])) {
    return { ok: false, error: subaddressError(email) };
  }
  const bannedEmails = (rules.bannedEmails ?? []).map((e) => e.trim().toLowerCase());
  if (bannedEmails.includes(email) || inDomain(domain, rules.bannedDomains ?? [])) {
    return { ok: false, error: EMAIL_BANNED };
  }
  return { ok: true, email };
}
