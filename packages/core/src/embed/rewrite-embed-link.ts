/** Where a link inside an embed leads: a screen of the embed itself, or the main site in a new tab. */
export type EmbedLink =
  /** A screen of the embed: '/' (the chat), '/call', '/video' or '/overview', with the link's query and hash. */
  | { kind: 'embed'; path: string }
  /** An absolute URL to open in a new tab (the main site's account and legal pages, anything else). */
  | { kind: 'newTab'; url: string };

export interface EmbedLinkOptions {
  /** The main site's origin, e.g. 'https://doppel.example.com' (no trailing slash needed). */
  mainOrigin: string;
  /** The signed-in user's e-mail: profile, billing and actions open `representing` them. */
  email?: string | null;
}

/** Account pages that open on the main site for the signed-in user (spec/calls.md §2). */
const ACCOUNT_PAGES = new Set(['profile', 'billing', 'actions']);
/** Legal pages, by the short and the full name, and where they live on the main site. */
const LEGAL_PAGES: Record<string, string> = {
  terms: '/terms-of-use',
  'terms-of-use': '/terms-of-use',
  privacy: '/privacy-policy',
  'privacy-policy': '/privacy-policy',
};

/** Splits '/a/b?x=1#h' into path, search ('?x=1' or '') and hash ('#h' or ''). */
function split(link: string): { pathname: string; search: string; hash: string } {
  const hashAt = link.indexOf('#');
  const hash = hashAt === -1 ? '' : link.slice(hashAt);
  const beforeHash = hashAt === -1 ? link : link.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const search = queryAt === -1 ? '' : beforeHash.slice(queryAt);
  const pathname = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  return { pathname, search: search === '?' ? '' : search, hash };
}

/**
 * Rewrites a link of the app for use inside an embed, first match wins: billing, profile and
 * actions open on the main site in a new tab (with `representing={email}` when signed in); terms
 * and privacy open the main site's /terms-of-use and /privacy-policy in a new tab; a path ending
 * in talk becomes the embed's '/', ending in call or video '/call' or '/video'; a path of one or
 * two segments (a clone's or an instance's profile) becomes '/overview'; anything else opens on
 * the main site in a new tab. Absolute URLs of another origin are left alone (new tab).
 * Why: spec/calls.md §2 — "In embeds, links are rewritten …" and "/profile, /billing, /actions:
 * in embedded mode open externally in a new tab with a representing={email} query".
 */
export function rewriteEmbedLink(link: string, options: EmbedLinkOptions): EmbedLink {
  const main = options.mainOrigin.replace(/\/+$/, '');
  let local = link;
  if (/^[a-z][a-z\d+.-]*:/i.test(link) || link.startsWith('//')) {
    let url: URL;
    try {
      url = new URL(link, `${main}/`);
    } catch {
      return { kind: 'newTab', url: link };
    }
    if (url.origin !== main) return { kind: 'newTab', url: url.href };
    local = `${url.pathname}${url.search}${url.hash}`;
  }
  const { pathname, search, hash } = split(local);
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const first = segments[0];
  const last = segments.at(-1);

  if (segments.length === 1 && first !== undefined && ACCOUNT_PAGES.has(first)) {
    const query = new URLSearchParams(search);
    if (options.email) query.set('representing', options.email);
    const rest = query.toString();
    return { kind: 'newTab', url: `${main}/${first}${rest ? `?${rest}` : ''}${hash}` };
  }
  const legal = segments.length === 1 && first !== undefined ? LEGAL_PAGES[first] : undefined;
  if (legal) return { kind: 'newTab', url: `${main}${legal}${search}${hash}` };
  if (segments.length === 0 || last === 'talk') return { kind: 'embed', path: `/${search}${hash}` };
  if (last === 'call' || last === 'video') return { kind: 'embed', path: `/${last}${search}${hash}` };
  if (segments.length <= 2) return { kind: 'embed', path: `/overview${search}${hash}` };
  return { kind: 'newTab', url: `${main}${pathname.startsWith('/') ? '' : '/'}${pathname}${search}${hash}` };
}
