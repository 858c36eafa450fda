import { type Membership, Usage } from '@doppel/protocol';

type Amounts = { messages: number; voice_seconds: number; video_seconds: number };

/** A signed-in usage answer, parsed with its schema; every part can be overridden. */
export function usageOf(
  parts: {
    usage?: Partial<Amounts>;
    quota?: Partial<Amounts>;
    permissions?: Partial<Usage['permissions']>;
    overage?: boolean;
    anonymous?: boolean;
    relationship?: Usage['relationship'];
  } = {},
): Usage {
  const usage = { messages: 0, voice_seconds: 0, video_seconds: 0, ...parts.usage };
  const quota = { messages: 50, voice_seconds: 600, video_seconds: 300, ...parts.quota };
  const left = (q: number, u: number) => (q === -1 ? -1 : Math.max(0, q - u));
  return Usage.parse({
    usage,
    quota,
    remaining: {
      messages: left(quota.messages, usage.messages),
      voice_seconds: left(quota.voice_seconds, usage.voice_seconds),
      video_seconds: left(quota.video_seconds, usage.video_seconds),
    },
    permissions: {
      can_send_message: true,
      can_make_call: true,
      can_make_video_call: true,
      ...parts.permissions,
    },
    billing: { is_overage_enabled: parts.overage ?? false },
    anonymous: parts.anonymous ?? false,
    relationship: parts.relationship ?? null,
  });
}

/** A membership tier with every feature off; override what a test needs. */
export function membershipOf(parts: Partial<Membership> = {}): Membership {
  return {
    id: 'm1',
    name: 'Insider',
    basePrice: 8,
    annualPrice: 80,
    smsEnabled: false,
    voiceEnabled: false,
    videoEnabled: false,
    telegramEnabled: false,
    customDescription: null,
    includedMinutesPerMonth: 0,
    includedMessagesPerMonth: 500,
    includedVideoMinutesPerMonth: 0,
    active: true,
    instanceId: null,
    ...parts,
  };
}
