import { z } from 'zod';
import { RelationshipType } from './relationship';

/** A count or quota: -1 means unlimited (spec/chat.md §9). */
const Amount = z.number().int().min(-1);

/** Messages, voice seconds and video seconds: the three metered things (spec/calls.md §3). */
export const UsageAmounts = z.object({
  messages: Amount,
  voice_seconds: Amount,
  video_seconds: Amount,
});
export type UsageAmounts = z.infer<typeof UsageAmounts>;

/**
 * One of the three metered resources (spec/calls.md §3, DESIGN §2 "Metering"): a key of
 * `UsageAmounts`, so usage, quota and remaining are read per resource the same way.
 */
export const MeteredResource = UsageAmounts.keyof();
export type MeteredResource = z.infer<typeof MeteredResource>;

/**
 * Server → app, GET /api/clones/:slug/usage (?instance=): what the caller has used this month
 * against which quota, and what the server will allow next. Signed in: the user's usage for the
 * clone, instance and month against their membership tier (or the free tier). Anonymous: the
 * visitor's usage against the clone's anonymous quota (minutes × 60 seconds), `anonymous: true`.
 * Every quota and remaining amount may be -1, unlimited (spec/chat.md §3, spec/calls.md §3).
 */
export const Usage = z.object({
  usage: UsageAmounts,
  quota: UsageAmounts,
  /** quota − usage, floor 0; -1 when the quota is unlimited. */
  remaining: UsageAmounts,
  permissions: z.object({
    can_send_message: z.boolean(),
    can_make_call: z.boolean(),
    can_make_video_call: z.boolean(),
  }),
  billing: z.object({ is_overage_enabled: z.boolean() }),
  /** True for a visitor who is not signed in (the anonymous quota applies). */
  anonymous: z.boolean(),
  /** The signed-in user's relationship with the clone, if any (owners are exempt from call limits). */
  relationship: RelationshipType.nullable(),
});
export type Usage = z.infer<typeof Usage>;

/**
 * Server → app, the 402 body of a refused send or call start (DESIGN §4): a readable reason and
 * the usage that refused it, so the app can open the paywall without another round trip.
 */
export const UsageRefusal = z.object({ error: z.string(), usage: Usage.optional() });
export type UsageRefusal = z.infer<typeof UsageRefusal>;
