/**
 * @module Host-page origins (DESIGN §5): the sites that may embed a clone, written by creators in
 * clone.json and on the command line, compared with the `parent` a browser reports. Shared by
 * the importer (brain) and the server so both read an origin the same way.
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
