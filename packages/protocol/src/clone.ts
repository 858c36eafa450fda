import { z } from 'zod';
import { DEFAULT_LANGUAGE } from './constants';

/** spec/chat.md §3: clone status during calls. */
export const CloneStatus = z.enum(['IDLE', 'LISTENING', 'THINKING', 'SPEAKING']);
export type CloneStatus = z.infer<typeof CloneStatus>;

/** spec/chat.md §3: socials; every field optional, `extras` a list of links. */
export const Socials = z.object({
  instagram: z.string().optional(),
  linkedin: z.string().optional(),
  twitter: z.string().optional(),
  facebook: z.string().optional(),
  youtube: z.string().optional(),
  website: z.string().optional(),
  extras: z.array(z.object({ title: z.string(), url: z.string() })).default([]),
});
export type Socials = z.infer<typeof Socials>;

/** spec/chat.md §3: clone options with the spec's defaults. */
export const CloneOptions = z.object({
  suggestQuestions: z.boolean().default(true),
  requireEmail: z.boolean().default(true),
  requirePhoneNumber: z.boolean().default(false),
  /** The powered-by logo flag ({product}Logo in spec/calls.md). */
  doppelLogo: z.boolean().default(true),
  autoDial: z.boolean().default(false),
  warning: z.boolean().default(true),
  customWarning: z.string().nullable().default(null),
  enableMultiLanguage: z.boolean().default(false),
  voiceModel: z.string().nullable().default(null),
  enableImageSending: z.boolean().default(true),
  /** Whether a voice call is allowed (Call button shown). Off until a voice provider exists. */
  allowVoice: z.boolean().default(false),
  /** Whether a video call is allowed (Video button shown). Off until a video provider exists. */
  allowVideo: z.boolean().default(false),
  /** spec/calls.md §3: the clone answers text messages (SMS) where this deployment sends them. */
  phoneSmsEnabled: z.boolean().default(false),
  /** spec/calls.md §3: the clone answers on WhatsApp where this deployment sends them. */
  phoneWhatsAppEnabled: z.boolean().default(false),
  /** spec/calls.md §3: the clone answers on Telegram where this deployment runs a bot. */
  telegramEnabled: z.boolean().default(false),
});
export type CloneOptions = z.infer<typeof CloneOptions>;

/** Call minutes: -1 (unlimited), or 0 and up in whole seconds (minutes × 60 is a whole number). */
const callMinutes = z
  .number()
  .min(-1)
  .refine((n) => n === -1 || (n >= 0 && Math.abs(n * 60 - Math.round(n * 60)) < 1e-9), {
    message: 'call minutes are -1 (unlimited) or 0 and up, in whole seconds',
  })
  .default(0);

/** spec/calls.md §3: anonymous quota per clone (monetization.anonymous_quota). */
export const AnonymousQuota = z.object({
  messages: z.number().int().min(-1).default(10),
  /** Minutes (-1 unlimited); a fraction is allowed down to whole seconds (0.1 = 6 s, for short trials). */
  voice_minutes: callMinutes,
  video_minutes: callMinutes,
});
export type AnonymousQuota = z.infer<typeof AnonymousQuota>;

export const Monetization = z.object({
  anonymous_quota: AnonymousQuota.default({ messages: 10, voice_minutes: 0, video_minutes: 0 }),
  has_upsell_options: z.boolean().default(false),
  /**
   * The creator's own page about their memberships (an http(s) URL): the upsell's main button
   * says 'Learn More' and opens it instead of 'Get Access' to the membership page (spec/calls.md §2,
   * issue 13: a per-clone link in clone.json rather than hard-coded creators).
   */
  learn_more_url: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//i.test(value), 'learn_more_url must be an http(s) URL')
    .nullable()
    .default(null),
});
export type Monetization = z.infer<typeof Monetization>;

/** spec/chat.md §3: an instance of a clone (own slug, name and image). */
export const Instance = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
});
export type Instance = z.infer<typeof Instance>;

/** spec/chat.md §3: a suggested question. */
export const SuggestedQuestion = z.object({ id: z.string(), question: z.string() });
export type SuggestedQuestion = z.infer<typeof SuggestedQuestion>;

/** spec/chat.md §3: the clone as the API answers it. */
export const Clone = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  headline: z.string(),
  description: z.string(),
  verified: z.boolean(),
  public: z.boolean(),
  language: z.string().min(1).default(DEFAULT_LANGUAGE),
  voiceId: z.string().nullable(),
  viewSources: z.boolean(),
  toneFeedback: z.boolean(),
  phoneNumber: z.string().nullable(),
  socials: Socials,
  orgs: z.array(z.object({ id: z.string().optional(), name: z.string(), iconUrl: z.string().nullable() })),
});
export type Clone = z.infer<typeof Clone>;

/**
 * What this deployment offers for this clone (DESIGN §2): a feature whose provider is not
 * configured, whose local tool is missing, whose screens do not exist yet, or that the clone does
 * not allow is false, and the app shows no button for it (no button leads to a 404 or a dead end).
 */
export const Features = z.object({
  /** Browser voice calls (the clone allows voice and a voice pipeline runs here). */
  voiceCall: z.boolean(),
  /**
   * Calls are held in any of the voice languages (Vapi; spec/calls.md §3), and the call screen
   * has a language select; false: English only (the local pipeline).
   */
  voiceLanguages: z.boolean(),
  /** Video calls (the clone allows video and a video pipeline runs here). */
  videoCall: z.boolean(),
  /** Voice-memo dictation in the chat prompt. */
  dictation: z.boolean(),
  /** Read aloud (the clone has a voice and a text-to-speech provider runs here). */
  readAloud: z.boolean(),
  /** Buying memberships (a payment provider is configured). */
  payments: z.boolean(),
  /** File attachments in the chat. */
  uploads: z.boolean(),
  /** Text-message channels the visitor can opt in to. */
  sms: z.boolean(),
  whatsapp: z.boolean(),
  telegram: z.boolean(),
  /** Google sign-in (an OpenID Connect provider is configured). */
  googleSignIn: z.boolean(),
});
export type Features = z.infer<typeof Features>;

/** A deployment that offers nothing beyond text chat. */
export const NO_FEATURES: Features = {
  voiceCall: false,
  voiceLanguages: false,
  videoCall: false,
  dictation: false,
  readAloud: false,
  payments: false,
  uploads: false,
  sms: false,
  whatsapp: false,
  telegram: false,
  googleSignIn: false,
};

/** GET /api/clones/:slug (?instance=): the clone with options, instance, questions, monetization. */
export const CloneProfile = Clone.extend({
  options: CloneOptions,
  instance: Instance.nullable(),
  suggestedQuestions: z.array(SuggestedQuestion),
  monetization: Monetization,
  features: Features,
  /** The clone has an affiliate link: the talk page's footer links to GET /api/affiliate/:slug. */
  affiliateLink: z.boolean().default(false),
});
export type CloneProfile = z.infer<typeof CloneProfile>;

/** GET /api/explore: one public clone on the explore page. */
export const CloneSummary = Clone.pick({
  id: true,
  slug: true,
  name: true,
  imageUrl: true,
  headline: true,
  verified: true,
});
export type CloneSummary = z.infer<typeof CloneSummary>;
export const ExploreResponse = z.array(CloneSummary);
