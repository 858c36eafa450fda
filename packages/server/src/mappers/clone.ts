/**
 * @module Clone rows → protocol: the profile, the explore summary and the brain's view.
 * Rows are parsed with zod on the way out of the database, like any other boundary.
 */
import type { CloneForBrain } from '@doppel/brain';
import {
  type Clone,
  CloneOptions,
  type CloneProfile,
  Clone as CloneSchema,
  type CloneSummary,
  type Features,
  type Instance,
  Monetization,
  Socials,
  type SuggestedQuestion,
} from '@doppel/protocol';
import { z } from 'zod';
import { cloneFeatures } from '../providers/clone-features';

export const CloneRow = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  headline: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  verified: z.boolean(),
  public: z.boolean(),
  language: z.string(),
  voice_id: z.string().nullable(),
  view_sources: z.boolean(),
  tone_feedback: z.boolean(),
  phone_number: z.string().nullable(),
  socials: z.unknown(),
  orgs: z.unknown(),
  options: z.unknown(),
  monetization: z.unknown(),
  /** clone.json `embed.allowedOrigins` (normalised on import); null: no clone-level list. */
  embed_allowed_origins: z.array(z.string()).nullable(),
  /** clone.json `affiliateUrl` is set (GET /api/affiliate/:slug redirects to it). */
  has_affiliate_link: z.boolean().default(false),
});
export type CloneRow = z.infer<typeof CloneRow>;

export const InstanceRow = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
});
export type InstanceRow = z.infer<typeof InstanceRow>;

export const SuggestedQuestionRow = z.object({ id: z.string(), question: z.string() });

export const CloneForBrainRow = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  headline: z.string(),
  description: z.string(),
  suggested_questions: z.array(z.string()),
});

/** The stored clone as the API answers it (spec/chat.md §3). */
export function toClone(row: CloneRow): Clone {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    imageUrl: row.image_url,
    headline: row.headline,
    description: row.description,
    verified: row.verified,
    public: row.public,
    language: row.language,
    voiceId: row.voice_id,
    viewSources: row.view_sources,
    toneFeedback: row.tone_feedback,
    phoneNumber: row.phone_number,
    socials: Socials.parse(row.socials ?? {}),
    orgs: CloneSchema.shape.orgs.parse(row.orgs ?? []),
  };
}

export function toInstance(row: InstanceRow): Instance {
  return { id: row.id, slug: row.slug, name: row.name, imageUrl: row.image_url };
}

/**
 * GET /api/clones/:slug: the clone with its options (defaults filled in), instance, questions, and
 * the features this deployment `offered` narrowed to the clone.
 */
export function toCloneProfile(
  row: CloneRow,
  instance: InstanceRow | null,
  questions: readonly SuggestedQuestion[],
  offered: Features,
  /** Dictation is heard by Gladia (any language), not the local recogniser. */
  liveDictation = false,
  /** Video calls run on Tavus (any language), not the local voice pipeline. */
  roomVideo = false,
): CloneProfile {
  const options = CloneOptions.parse(row.options ?? {});
  return {
    ...toClone(row),
    options,
    instance: instance ? toInstance(instance) : null,
    suggestedQuestions: [...questions],
    monetization: Monetization.parse(row.monetization ?? {}),
    features: cloneFeatures(offered, {
      options,
      voiceId: row.voice_id,
      language: row.language,
      liveDictation,
      roomVideo,
    }),
    affiliateLink: row.has_affiliate_link,
  };
}

export function toCloneSummary(row: CloneRow): CloneSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    imageUrl: row.image_url,
    headline: row.headline,
    verified: row.verified,
  };
}

export function toCloneForBrain(row: z.infer<typeof CloneForBrainRow>): CloneForBrain {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    headline: row.headline,
    description: row.description,
    suggestedQuestions: row.suggested_questions,
  };
}
