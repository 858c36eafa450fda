import { describe, expect, it } from 'vitest';
import { membershipOf } from '../../test/fixtures';
import { membershipBenefits } from './membership-benefits';

describe('membershipBenefits', () => {
  it('always lists the messages per month', () => {
    expect(membershipBenefits(membershipOf())).toEqual(['500 messages per month']);
    expect(membershipBenefits(membershipOf({ includedMessagesPerMonth: 0 }))).toEqual([
      '0 messages per month',
    ]);
    expect(membershipBenefits(membershipOf({ includedMessagesPerMonth: 1 }))).toEqual([
      '1 message per month',
    ]);
    expect(membershipBenefits(membershipOf({ includedMessagesPerMonth: 25_000 }))).toEqual([
      '25,000 messages per month',
    ]);
  });

  it("shows 'Unlimited' above 99999 messages and for -1", () => {
    expect(membershipBenefits(membershipOf({ includedMessagesPerMonth: 99_999 }))).toEqual([
      '99,999 messages per month',
    ]);
    expect(membershipBenefits(membershipOf({ includedMessagesPerMonth: 100_000 }))).toEqual([
      'Unlimited messages per month',
    ]);
    expect(membershipBenefits(membershipOf({ includedMessagesPerMonth: -1 }))).toEqual([
      'Unlimited messages per month',
    ]);
  });

  it('lists voice and video minutes only when enabled with minutes above 0', () => {
    expect(
      membershipBenefits(
        membershipOf({
          voiceEnabled: true,
          includedMinutesPerMonth: 30,
          videoEnabled: true,
          includedVideoMinutesPerMonth: 1,
        }),
      ),
    ).toEqual(['500 messages per month', '30 voice call minutes per month', '1 video call minute per month']);
    expect(membershipBenefits(membershipOf({ voiceEnabled: true, includedMinutesPerMonth: 0 }))).toHaveLength(
      1,
    );
    expect(
      membershipBenefits(membershipOf({ voiceEnabled: false, includedMinutesPerMonth: 30 })),
    ).toHaveLength(1);
    expect(
      membershipBenefits(membershipOf({ videoEnabled: false, includedVideoMinutesPerMonth: 30 })),
    ).toHaveLength(1);
    expect(
      membershipBenefits(membershipOf({ videoEnabled: true, includedVideoMinutesPerMonth: -1 })),
    ).toEqual(['500 messages per month', 'Unlimited video call minutes per month']);
  });

  it('promises nothing the deployment does not offer', () => {
    const everything = membershipOf({
      voiceEnabled: true,
      includedMinutesPerMonth: 30,
      videoEnabled: true,
      includedVideoMinutesPerMonth: 10,
      smsEnabled: true,
      telegramEnabled: true,
    });
    const nothing = { voiceCall: false, videoCall: false, sms: false, telegram: false };
    expect(membershipBenefits(everything, nothing)).toEqual(['500 messages per month']);
    expect(membershipBenefits(everything, { ...nothing, videoCall: true })).toEqual([
      '500 messages per month',
      '10 video call minutes per month',
    ]);
  });

  it('lists SMS and Telegram when enabled, last', () => {
    expect(
      membershipBenefits(
        membershipOf({
          smsEnabled: true,
          telegramEnabled: true,
          voiceEnabled: true,
          includedMinutesPerMonth: 10,
        }),
      ),
    ).toEqual([
      '500 messages per month',
      '10 voice call minutes per month',
      'Text messages (SMS)',
      'Telegram messages',
    ]);
  });
});
