import { describe, expect, it } from 'vitest';
import {
  DetailError,
  EmailAddress,
  MeResponse,
  PhoneRequest,
  PhoneVerifyRequest,
  SendEmailCodeRequest,
  UpdateOptInRequest,
  User,
  VerifyEmailCodeRequest,
  VerifyEmailCodeResponse,
} from './auth';

const user = {
  id: 'u1',
  email: 'ada@example.com',
  name: null,
  imageUrl: null,
  phoneNumber: null,
  telegramUsername: null,
  staff: false,
};

describe('auth schemas', () => {
  it('normalises an e-mail address or refuses it with the spec text', () => {
    expect(EmailAddress.parse('  Ada@Example.COM ')).toBe('ada@example.com');
    const bad = EmailAddress.safeParse('ada@');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Invalid Email');
  });

  it('parses the e-mail code requests', () => {
    expect(SendEmailCodeRequest.parse({ email: 'a@b.co', noLogo: true })).toEqual({
      email: 'a@b.co',
      noLogo: true,
    });
    expect(SendEmailCodeRequest.parse({ email: 'a@b.co' })).toEqual({ email: 'a@b.co' });
    expect(
      VerifyEmailCodeRequest.parse({ email: 'a@b.co', code: '123-456', timezone: 'Europe/Paris' }).code,
    ).toBe('123-456');
    expect(VerifyEmailCodeRequest.safeParse({ email: 'a@b.co' }).success).toBe(false);
    expect(VerifyEmailCodeRequest.safeParse({ email: 'a@b.co', code: 'x'.repeat(100) }).success).toBe(false);
  });

  it('describes the signed-in answer and the session', () => {
    expect(VerifyEmailCodeResponse.parse({ token: 't', user })).toEqual({ token: 't', user });
    expect(User.safeParse({ ...user, staff: undefined }).success).toBe(false);
    expect(MeResponse.parse({ user: null })).toEqual({ user: null });
    expect(
      MeResponse.parse({ user, relationships: [{ id: 'r1', userId: 'u1', type: 'CREATOR' }] })
        .relationships?.[0]?.type,
    ).toBe('CREATOR');
    expect(
      MeResponse.safeParse({ user, relationships: [{ id: 'r1', userId: 'u1', type: 'ADMIN' }] }).success,
    ).toBe(false);
  });

  it("uses the spec's snake_case on the phone and opt-in routes", () => {
    expect(PhoneRequest.parse({ phone_number: ' +1 555 123 4567 ' })).toEqual({
      phone_number: '+1 555 123 4567',
    });
    expect(PhoneRequest.safeParse({ phone_number: ' ' }).error?.issues[0]?.message).toBe(
      'Invalid Phone Number',
    );
    expect(PhoneVerifyRequest.parse({ code: '123456', phone_number: '5551234567' }).code).toBe('123456');
    expect(UpdateOptInRequest.parse({ opt_in: true, slug: 'demo' })).toEqual({ opt_in: true, slug: 'demo' });
    expect(UpdateOptInRequest.safeParse({ opt_in: true, slug: '' }).success).toBe(false);
    expect(DetailError.parse({ detail: 'Invalid code' })).toEqual({ detail: 'Invalid code' });
  });
});
