/**
 * @module Host-page origins of embed configurations (DESIGN §5): normalised the way a browser
 * serialises an origin, and turned into the `frame-ancestors` directive of the embed page.
 */

/** Origins are read the same way by the importer (clone.json) and the server. */
export { normaliseOrigin } from '@doppel/core';

/** Everyone may frame the page: no embed configuration, or one that lists no origins. */
export const ANY_ANCESTOR = 'frame-ancestors *';
/** No site may frame the page: a clone's and a configuration's lists share no site. */
export const NO_ANCESTOR = "frame-ancestors 'none'";
/** The full site: only its own pages may frame it. */
export const SELF_ANCESTOR = "frame-ancestors 'self'";

/** The CSP directive for an embed page: the allowed origins, or any site when there are none. */
export function frameAncestors(allowedOrigins: readonly string[]): string {
  return allowedOrigins.length === 0 ? ANY_ANCESTOR : `frame-ancestors ${allowedOrigins.join(' ')}`;
}
