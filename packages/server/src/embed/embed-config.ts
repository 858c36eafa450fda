/**
 * @module Embed configurations (DESIGN §5, issue 4): what `data-config` names — the sites that
 * may embed the clone, whitelabel switches, the default mode and colours. Stored in
 * `embed_configs`; answered publicly by GET /api/embed/configs/:id (the id is in the snippet,
 * so nothing in it is secret) as protocol's `EmbedConfig`.
 */
import { randomInt } from 'node:crypto';
import { CloneOptions, EmbedConfig, EmbedMode } from '@doppel/protocol';
import { z } from 'zod';

/** The wire shape lives in protocol (one definition for the server and the app); re-exported for the routes and the CLI. */
export { EmbedConfig };

/** An id a creator may choose (and every generated id matches it too). */
export const EMBED_CONFIG_ID = /^[a-z0-9-]{3,64}$/;
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** 16 characters of 36: about 82 bits, unguessable. */
export const GENERATED_ID_LENGTH = 16;

export function generateEmbedConfigId(): string {
  let id = '';
  for (let i = 0; i < GENERATED_ID_LENGTH; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/** A CSS hex colour: #rgb or #rrggbb. */
export const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** As stored: an absent switch takes its default when the config is read. */
export const StoredWhitelabel = z.object({
  logo: z.boolean().optional(),
  googleButton: z.boolean().optional(),
  accountMenuItems: z.boolean().optional(),
});
export type StoredWhitelabel = z.infer<typeof StoredWhitelabel>;

export const StoredMode = z.object({ mode: EmbedMode.optional(), autoHeight: z.boolean().optional() });
export type StoredMode = z.infer<typeof StoredMode>;

export const StoredColours = z.object({
  accent: z.string().regex(HEX_COLOUR).optional(),
  launcher: z.string().regex(HEX_COLOUR).optional(),
});
export type StoredColours = z.infer<typeof StoredColours>;

/** A stored config with its clone's slug and options and its instance's slug (one join). */
export const EmbedConfigRow = z.object({
  id: z.string(),
  clone_id: z.string(),
  clone_slug: z.string(),
  clone_options: z.unknown(),
  instance_id: z.string().nullable(),
  instance_slug: z.string().nullable(),
  allowed_origins: z.array(z.string()),
  whitelabel: StoredWhitelabel,
  mode: StoredMode,
  colours: StoredColours,
  call_limit_seconds: z.number().int().positive().nullable(),
  created_at: z.date(),
});
export type EmbedConfigRow = z.infer<typeof EmbedConfigRow>;

/** The stored config with every default filled in. */
export function toEmbedConfig(row: EmbedConfigRow): EmbedConfig {
  const options = CloneOptions.safeParse(row.clone_options ?? {});
  return {
    id: row.id,
    cloneSlug: row.clone_slug,
    instanceSlug: row.instance_slug,
    allowedOrigins: row.allowed_origins,
    whitelabel: {
      logo: row.whitelabel.logo ?? (options.success ? options.data.doppelLogo : true),
      googleButton: row.whitelabel.googleButton ?? true,
      accountMenuItems: row.whitelabel.accountMenuItems ?? true,
    },
    mode: { mode: row.mode.mode ?? 'bubble', autoHeight: row.mode.autoHeight ?? false },
    colours: { accent: row.colours.accent ?? null, launcher: row.colours.launcher ?? null },
    callLimitSeconds: row.call_limit_seconds,
  };
}

/** `whitelabel: true` hides all three; otherwise everything takes its default. */
export const WHITELABEL_ALL: StoredWhitelabel = { logo: false, googleButton: false, accountMenuItems: false };

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The tag a creator pastes for `config`, served from `publicUrl`. `name`, the clone's display
 * name, labels the launcher ('Open chat with …') before the chat has ever loaded.
 */
export function embedSnippet(config: EmbedConfig, publicUrl: string, name?: string): string {
  const attributes = [
    `src="${attr(`${publicUrl}/embed.js`)}"`,
    `data-clone="${attr(config.cloneSlug)}"`,
    ...(name ? [`data-name="${attr(name)}"`] : []),
    ...(config.instanceSlug ? [`data-instance="${attr(config.instanceSlug)}"`] : []),
    `data-config="${attr(config.id)}"`,
    ...(config.mode.mode !== 'bubble' ? [`data-mode="${config.mode.mode}"`] : []),
    ...(config.mode.mode === 'inline' ? ['data-target="#doppel-chat"'] : []),
    ...(config.mode.autoHeight ? ['data-auto-height'] : []),
    'async',
  ];
  const lines = [
    ...(config.mode.mode === 'inline' ? ['<div id="doppel-chat"></div>'] : []),
    `<script ${attributes.join(' ')}></script>`,
    ...(config.colours.launcher
      ? [`<style>.doppel-launcher{background:${config.colours.launcher}}</style>`]
      : []),
  ];
  return lines.join('\n');
}
