/**
 * @module Host-page origins of embed configurations (DESIGN §5): normalised the way a browser
 * serialises an origin, and turned into the `frame-ancestors` directive of the embed page.
 */

/**
 * A host name CSP can express: letters, digits and hyphens in dot-separated labels (after the
 * URL parser lower-cased it and turned international names into punycode). No wildcards and no
 * IPv6 literals: `frame-ancestors` has no syntax for the latter, and the parent check compares
 * origins exactly.
 */
const HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

/**
 * `input` as a browser's origin (`https://example.com`, `http://127.0.0.1:3101`: scheme, host and
 * a non-default port, lower case, no trailing slash), or null when it is not an http(s) origin:
 * a path, query, fragment, credentials, wildcard or another scheme make it null.
 */
export function normaliseOrigin(input: string): string | null {
  const text = input.trim();
  if (!/^https?:\/\/[^/?#]/i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null;
  if (/[?#]/.test(text)) return null;
  if (!HOST.test(url.hostname)) return null;
  return url.origin;
}

/** Everyone may frame the page: no embed configuration, or one that lists no origins. */
export const ANY_ANCESTOR = 'frame-ancestors *';
/** The full site: only its own pages may frame it. */
export const SELF_ANCESTOR = "frame-ancestors 'self'";

/** The CSP directive for an embed page: the allowed origins, or any site when there are none. */
export function frameAncestors(allowedOrigins: readonly string[]): string {
  return allowedOrigins.length === 0 ? ANY_ANCESTOR : `frame-ancestors ${allowedOrigins.join(' ')}`;
}
