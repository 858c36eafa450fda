/**
 * @module An embed configuration (the `config` query / `welcome.config`): a creator's whitelabel,
 * mode, colours and allowed origins, from GET /api/embed/configs/:id, parsed with protocol's
 * `EmbedConfig`; a configuration that cannot be read leaves the defaults.
 */
import type { WhitelabelSettings } from '@doppel/core';
import { EmbedConfig } from '@doppel/protocol';
import type { ApiClient } from '../api';

/** GET /api/embed/configs/:id; throws an `ApiError` (404 for an unknown id). */
export function fetchEmbedConfig(api: ApiClient, id: string): Promise<EmbedConfig> {
  return api.request(`/embed/configs/${encodeURIComponent(id)}`, EmbedConfig);
}

/** The server stores #rgb or #rrggbb. */
const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * The configuration's colours for the chat, as CSS custom properties: the accent (buttons, links,
 * focus rings). The launcher colour is the host page's business (the snippet styles it).
 */
export function configColours(config: EmbedConfig | null): Record<string, string> {
  const accent = config?.colours.accent;
  if (!accent || !HEX_COLOUR.test(accent)) return {};
  return { '--accent': accent, '--accent-hover': accent, '--focus': accent };
}

/** The configuration's whitelabel settings for core's `embedWhitelabel` (null without any). */
export function whitelabelSettings(config: EmbedConfig | null): WhitelabelSettings | null {
  return config ? { ...config.whitelabel } : null;
}
