import { EMAIL_BANNED, INVALID_EMAIL } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { subaddressError, validateEmail } from './validate-email';

describe('validateEmail', () => {
  it('trims and lower-cases a valid address', () => {
    expect(validateEmail('  Ada.Lovelace@Example.COM \n')).toEqual({
      ok: true,
      email: 'ada.lovelace@example.com',
    });
  });

  it.each(['', '   ', 'ada', 'ada@', '@example.com', 'ada@example', 'ada @example.com', 'a@b@c.com'])(
    "refuses %j with 'Invalid Email'",
    (raw) => {
      expect(validateEmail(raw)).toEqual({ ok: false, error: INVALID_EMAIL });
    },
  );

  it('refuses an address longer than 254 characters', () => {
    expect(validateEmail(`${'a'.repeat(64)}@${'b'.repeat(190)}.com`)).toEqual({
      ok: false,
      error: INVALID_EMAIL,
    });
  });

  it('refuses a plus subaddress with the spec text, naming the normalised address', () => {
    expect(validateEmail(' Ada+News@Example.com')).toEqual({
      ok: false,
      error: 'Subaddresses (ada+news@example.com) are not allowed',
    });
    expect(subaddressError('x+y@z.io')).toBe('Subaddresses (x+y@z.io) are not allowed');
  });

  it('allows a subaddress on a staff domain (and its subdomains)', () => {
    const rules = { staffDomains: ['doppel.dev'] };
    expect(validateEmail('ops+test@doppel.dev', rules)).toEqual({ ok: true, email: 'ops+test@doppel.dev' });
    expect(validateEmail('ops+test@mail.doppel.dev', rules)).toEqual({
      ok: true,
      email: 'ops+test@mail.doppel.dev',
    });
    expect(validateEmail('ops+test@notdoppel.dev', rules).ok).toBe(false);
  });

  it('refuses banned addresses and blocklisted domains', () => {
    const rules = { bannedEmails: ['Spam@Example.com'], bannedDomains: ['trash.mail'] };
    expect(validateEmail('spam@example.com', rules)).toEqual({ ok: false, error: EMAIL_BANNED });
    expect(validateEmail('anyone@trash.mail', rules)).toEqual({ ok: false, error: EMAIL_BANNED });
    expect(validateEmail('anyone@eu.trash.mail', rules)).toEqual({ ok: false, error: EMAIL_BANNED });
    expect(validateEmail('anyone@nottrash.mail', rules)).toEqual({ ok: true, email: 'anyone@nottrash.mail' });
    expect(validateEmail('ham@example.com', rules)).toEqual({ ok: true, email: 'ham@example.com' });
  });

  it('ignores blank entries in the rule lists', () => {
    expect(validateEmail('a@b.co', { bannedDomains: [''], staffDomains: [' '] })).toEqual({
      ok: true,
      email: 'a@b.co',
    });
  });
});
