/**
 * @module The schema of `clone.json` (CLONE_FOLDER.md): the spec's Clone and Clone-options
 * fields, suggested questions, monetization, memberships, instances and voice. Anything
 * omitted takes the spec's default (the defaults live in @doppel/protocol).
 */
import { normaliseOrigin } from '@doppel/core';
import {
  CloneOptions,
  DEFAULT_LANGUAGE,
  isReservedSlug,
  MembershipOverage,
  Monetization,
  Socials,
} from '@doppel/protocol';
import { z } from 'zod';

/** Lowercase letters, digits and single hyphens, 1–64 characters. */
export const Slug = z
  .string()
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'must be lowercase letters, digits and single hyphens (like "maya-rivers")',
  )
  .max(64, 'must be at most 64 characters');

/** spec/calls.md §3: a membership tier. `id` defaults to the slug of its name. */
export const MembershipFile = z.object({
  id: z.string().min(1).optional(),
  name: z.string().trim().min(1),
  basePrice: z.number().nonnegative(),
  annualPrice: z.number().nonnegative().nullable().default(null),
  customDescription: z.string().default(''),
  includedMessagesPerMonth: z.number().int().min(-1).default(0),
  includedMinutesPerMonth: z.number().int().min(-1).default(0),
  includedVideoMinutesPerMonth: z.number().int().min(-1).default(0),
  smsEnabled: z.boolean().default(false),
  voiceEnabled: z.boolean().default(false),
  videoEnabled: z.boolean().default(false),
  telegramEnabled: z.boolean().default(false),
  /** Overage billing (issue 13): per-unit USD prices past the quota; absent: use stops there. */
  overage: MembershipOverage.nullable().optional(),
});
export type MembershipFile = z.infer<typeof MembershipFile>;

/** spec/calls.md §3: a membership as stored (clones.memberships) and served. */
export const Membership = MembershipFile.extend({ id: z.string().min(1) });
export type Membership = z.infer<typeof Membership>;

/** Voice settings (spec/calls.md §3): provider, voice id, model. */
export const VoiceSettings = z.object({
  provider: z.enum(['espeak', '11labs', 'cartesia', 'openai']),
  voiceId: z.string().min(1),
  model: z.string().nullable().default(null),
});
export type VoiceSettings = z.infer<typeof VoiceSettings>;

export const InstanceFile = z.object({
  slug: Slug,
  name: z.string().trim().min(1),
  /** An http(s) URL or an image file in the clone folder. */
  imageUrl: z.string().min(1).nullable().default(null),
});
export type InstanceFile = z.infer<typeof InstanceFile>;

/** A host page's origin as a browser sends it (`HTTPS://Site.Example/` reads as `https://site.example`). */
const SiteOrigin = z.string().transform((value, ctx) => {
  const origin = normaliseOrigin(value);
  if (origin === null) {
    ctx.addIssue({
      code: 'custom',
      message: `"${value}" is not a site origin: give the scheme, host and port only, like https://example.com`,
    });
    return z.NEVER;
  }
  return origin;
});

/**
 * Which sites may embed the clone, whatever embed configuration a page names (DESIGN §5).
 * Left out: any site (an embed configuration may still narrow it). An empty list is refused
 * rather than read as "any" or "none": either is a surprise to someone who wrote it.
 */
export const CloneEmbedFile = z.strictObject({
  allowedOrigins: z
    .array(SiteOrigin, { error: 'must be a list of the sites that may embed the clone' })
    .min(1, 'must list at least one site (leave out `embed` to allow any site)')
    .transform((origins) => [...new Set(origins)]),
});
export type CloneEmbedFile = z.infer<typeof CloneEmbedFile>;

/** An http(s) address the visitor's browser is sent to (affiliate links). */
const WebAddress = z.string().refine((value) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, 'must be an http(s) address, like https://shop.example/item');

/** A product of the creator's an answer may link to (spec/chat.md §3 messageAffiliates). */
export const ProductFile = z.strictObject({
  title: z.string().trim().min(1).max(120),
  url: WebAddress,
  imageUrl: WebAddress.nullable().default(null),
  /** Words or phrases that mention the product in an answer. */
  keywords: z
    .array(z.string().trim().min(2).max(60))
    .min(1, 'must list at least one word that mentions the product in an answer'),
});
export type ProductFile = z.infer<typeof ProductFile>;

/** clone.json. Unknown keys are refused so that a typo does not silently lose a setting. */
export const CloneFile = z
  .strictObject({
    $schema: z.string().optional(),
    slug: Slug.refine((slug) => !isReservedSlug(slug), 'is reserved for a page of the site'),
    name: z.string().trim().min(1),
    headline: z.string().default(''),
    description: z.string().default(''),
    /** An http(s) URL or an image file in the clone folder. */
    imageUrl: z.string().min(1).nullable().default(null),
    public: z.boolean().default(true),
    verified: z.boolean().default(false),
    language: z.string().trim().min(1).default(DEFAULT_LANGUAGE),
    viewSources: z.boolean().default(true),
    toneFeedback: z.boolean().default(false),
    phoneNumber: z.string().nullable().default(null),
    socials: Socials.prefault({}),
    orgs: z
      .array(
        z.object({
          id: z.string().optional(),
          name: z.string().min(1),
          iconUrl: z.string().nullable().default(null),
        }),
      )
      .default([]),
    options: CloneOptions.prefault({}),
    suggestedQuestions: z.array(z.string().trim().min(1).max(500)).default([]),
    monetization: Monetization.prefault({}),
    memberships: z.array(MembershipFile).default([]),
    instances: z.array(InstanceFile).default([]),
    voice: VoiceSettings.nullable().default(null),
    embed: CloneEmbedFile.nullable().default(null),
    /** The creator's affiliate link, behind the talk page's footer link (GET /api/affiliate/:slug). */
    affiliateUrl: WebAddress.nullable().default(null),
    products: z.array(ProductFile).max(50).default([]),
  })
  .superRefine((clone, ctx) => {
    const seen = new Set<string>();
    clone.instances.forEach((instance, i) => {
      if (seen.has(instance.slug)) {
        ctx.addIssue({
          code: 'custom',
          path: ['instances', i, 'slug'],
          message: `"${instance.slug}" is used twice`,
        });
      }
      seen.add(instance.slug);
    });
    const ids = new Set<string>();
    clone.memberships.forEach((membership, i) => {
      const id = membershipId(membership);
      if (ids.has(id))
        ctx.addIssue({ code: 'custom', path: ['memberships', i], message: `id "${id}" is used twice` });
      ids.add(id);
    });
  });
export type CloneFile = z.infer<typeof CloneFile>;

/** The membership's id: its own, or the slug of its name. */
export function membershipId(membership: MembershipFile): string {
  return (
    membership.id ??
    membership.name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
  );
}

/** The memberships as stored, each with its id. */
export function toMemberships(clone: CloneFile): Membership[] {
  return clone.memberships.map((membership) => ({ ...membership, id: membershipId(membership) }));
}
