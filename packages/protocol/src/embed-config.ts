/**
 * @module Embed configurations on the wire (DESIGN §5): what `data-config` names — the sites that
 * may embed the clone, whitelabel switches, the default mode and colours. The server stores and
 * answers them; the chat inside the iframe reads them.
 */
import { z } from 'zod';
import { EmbedMode } from './embed';

/** The whitelabel switches: each says whether that piece of the product shows in the embed. */
export const EmbedWhitelabel = z.object({
  /** The powered-by logo (default: the clone's options.doppelLogo). */
  logo: z.boolean(),
  /** The Google sign-in button (default shown). */
  googleButton: z.boolean(),
  /** Profile, Subscriptions and Actions in the account menu (default shown). */
  accountMenuItems: z.boolean(),
});
export type EmbedWhitelabel = z.infer<typeof EmbedWhitelabel>;

/**
 * Server → app, GET /api/embed/configs/:id: a configuration with every default filled in. The id
 * is in the creator's snippet, so nothing here is secret.
 */
export const EmbedConfig = z.object({
  id: z.string(),
  cloneSlug: z.string(),
  instanceSlug: z.string().nullable(),
  /** Host-page origins that may embed the clone with this config; empty = any site. */
  allowedOrigins: z.array(z.string()),
  whitelabel: EmbedWhitelabel,
  mode: z.object({ mode: EmbedMode, autoHeight: z.boolean() }),
  colours: z.object({ accent: z.string().nullable(), launcher: z.string().nullable() }),
  /**
   * spec/calls.md §4: the longest voice call in this embed, in seconds (null: none). A call
   * stops at it without the voice paywall, and the host is told `voice-exhausted`.
   */
  callLimitSeconds: z.number().int().positive().nullable(),
});
export type EmbedConfig = z.infer<typeof EmbedConfig>;
