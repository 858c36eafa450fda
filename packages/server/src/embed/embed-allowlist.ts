/**
 * @module Which sites may embed a clone's chat (DESIGN §5): the clone's own list (clone.json
 * `embed.allowedOrigins`) and the embed configuration's, combined. Both must allow a site — the
 * intersection — so a configuration can narrow what the clone allows, never widen it, and a page
 * that leaves out `data-config` is held to the clone's list as well.
 */
import { ANY_ANCESTOR, frameAncestors, NO_ANCESTOR } from './origins';

/** null: any site; otherwise exactly these origins (possibly none). */
export type EmbedAllowlist = readonly string[] | null;

/**
 * The sites allowed by both lists. `cloneOrigins` null: the clone lists none (any site);
 * `configOrigins` empty: no configuration, or one that lists none (any site).
 */
export function embedAllowlist(
  cloneOrigins: readonly string[] | null,
  configOrigins: readonly string[],
): EmbedAllowlist {
  const config = configOrigins.length > 0 ? configOrigins : null;
  if (cloneOrigins === null) return config;
  if (config === null) return cloneOrigins;
  return config.filter((origin) => cloneOrigins.includes(origin));
}

/** The embed page's `frame-ancestors`: `*`, the allowed origins, or `'none'` when none is left. */
export function allowlistFrameAncestors(allowlist: EmbedAllowlist): string {
  if (allowlist === null) return ANY_ANCESTOR;
  return allowlist.length === 0 ? NO_ANCESTOR : frameAncestors(allowlist);
}
