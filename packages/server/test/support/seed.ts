/** @module Rows for API tests, written with SQL (the brain's importer has its own tests). */
import type { Queryable } from '@doppel/db';

export interface SeededClone {
  id: string;
  slug: string;
  instanceId: string;
  mediaId: string;
}

/** A tiny PNG (1×1). */
export const PIXEL = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
);

/** A public clone `slug` with options, an instance `workshop`, two questions and a media image. */
export interface SeedOptions {
  public?: boolean;
  /** Default false: the foundation's anonymous mode (no limits). */
  requireEmail?: boolean;
  /** monetization.anonymous_quota.messages; default 5. */
  anonymousMessages?: number;
  /** monetization.anonymous_quota.voice_minutes and video_minutes; default 0. */
  anonymousVoiceMinutes?: number;
  anonymousVideoMinutes?: number;
  /** clones.memberships as clone.json gives them (with ids). */
  memberships?: unknown[];
}

/** Tiers like the demo clone's: Free (30 messages) and Benchmate (500). */
export const MEMBERSHIPS = [
  {
    id: 'free',
    name: 'Free',
    basePrice: 0,
    annualPrice: 0,
    customDescription: '30 messages a month.',
    includedMessagesPerMonth: 30,
    includedMinutesPerMonth: 0,
    includedVideoMinutesPerMonth: 0,
    smsEnabled: false,
    voiceEnabled: false,
    videoEnabled: false,
    telegramEnabled: false,
  },
  {
    id: 'benchmate',
    name: 'Benchmate',
    basePrice: 8,
    annualPrice: 80,
    customDescription: '500 messages a month.',
    includedMessagesPerMonth: 500,
    includedMinutesPerMonth: 60,
    includedVideoMinutesPerMonth: 0,
    smsEnabled: false,
    voiceEnabled: true,
    videoEnabled: false,
    telegramEnabled: false,
  },
];

export async function seedClone(
  db: Queryable,
  slug = 'ada',
  options: SeedOptions = {},
): Promise<SeededClone> {
  const [media] = await db.query<{ id: string }>(
    `INSERT INTO media (sha256, content_type, bytes) VALUES ($1, 'image/png', $2)
     ON CONFLICT (sha256) DO UPDATE SET content_type = excluded.content_type RETURNING id`,
    ['pixel-sha', PIXEL],
  );
  const [clone] = await db.query<{ id: string }>(
    `INSERT INTO clones (slug, name, headline, description, image_url, public, verified, socials, options, monetization,
       memberships)
     VALUES ($1, $2, 'Engineer and writer', 'I write about engines.', $3, $4, true, $5, $6, $7, $8) RETURNING id`,
    [
      slug,
      `${slug} Lovelace`,
      `/api/media/${media?.id}`,
      options.public ?? true,
      JSON.stringify({ website: 'example.com', extras: [] }),
      JSON.stringify({ requireEmail: options.requireEmail ?? false, customWarning: 'Be kind' }),
      JSON.stringify({
        anonymous_quota: {
          messages: options.anonymousMessages ?? 5,
          voice_minutes: options.anonymousVoiceMinutes ?? 0,
          video_minutes: options.anonymousVideoMinutes ?? 0,
        },
      }),
      JSON.stringify(options.memberships ?? []),
    ],
  );
  const cloneId = clone?.id ?? '';
  const [instance] = await db.query<{ id: string }>(
    `INSERT INTO clone_instances (clone_id, slug, name) VALUES ($1, 'workshop', 'Workshop edition') RETURNING id`,
    [cloneId],
  );
  await db.query(
    `INSERT INTO suggested_questions (clone_id, position, question) VALUES ($1, 1, 'What are you building?'),
     ($1, 0, 'Who are you?')`,
    [cloneId],
  );
  return { id: cloneId, slug, instanceId: instance?.id ?? '', mediaId: media?.id ?? '' };
}

/** How many messages the database holds (to prove a refused request wrote nothing). */
export async function countMessages(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages');
  return row?.n ?? -1;
}
