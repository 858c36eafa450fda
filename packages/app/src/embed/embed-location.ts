/**
 * @module Where the embed iframe is: /embed/:slug[/:instance][/:page]?parent=ORIGIN&config=ID
 * (docs/embed-lifecycle.md). The pages are those links are rewritten to (core `rewriteEmbedLink`):
 * the chat ('/'), '/overview', '/call', '/video'; like the server, a second segment that names a
 * page is never an instance.
 */
import { EMBED_CONFIG_PARAM, EMBED_PARENT_PARAM } from '@doppel/protocol';

/** The embed's pages below the clone (and instance). */
export type EmbedPage = 'chat' | 'overview' | 'call' | 'video' | 'talk';
const PAGES = new Set<string>(['overview', 'call', 'video', 'talk']);
const isPage = (segment: string): segment is EmbedPage => PAGES.has(segment);

export interface EmbedLocation {
  slug: string;
  instanceSlug: string | null;
  page: EmbedPage;
  /** The `parent` query as given (the bridge checks it is an http(s) origin). */
  parent: string | null;
  /** The `config` query: an embed configuration id. */
  configId: string | null;
}

const decode = (segment: string): string | null => {
  try {
    const value = decodeURIComponent(segment);
    return value === '' ? null : value;
  } catch {
    return null;
  }
};

/**
 * The address of another page of the same embed (its chat, its call screen), with the same
 * parent origin and configuration.
 */
export function embedPageHref(where: EmbedLocation, page: 'chat' | 'call'): string {
  const enc = encodeURIComponent;
  const instance = where.instanceSlug ? `/${enc(where.instanceSlug)}` : '';
  const query = new URLSearchParams();
  if (where.parent) query.set(EMBED_PARENT_PARAM, where.parent);
  if (where.configId) query.set(EMBED_CONFIG_PARAM, where.configId);
  const search = query.toString();
  return `/embed/${enc(where.slug)}${instance}${page === 'chat' ? '' : `/${page}`}${search ? `?${search}` : ''}`;
}

/** Reads the embed's clone, instance, page, parent origin and configuration; null off the embed route. */
export function readEmbedLocation(pathname: string, search: string): EmbedLocation | null {
  const raw = pathname.split('/').filter((s) => s !== '');
  if (raw[0] !== 'embed' || raw.length < 2 || raw.length > 4) return null;
  const segments = raw.slice(1).map(decode);
  if (segments.some((s) => s === null)) return null;
  const [slug, second, third] = segments as string[];
  if (!slug) return null;
  let instanceSlug: string | null = null;
  let page: EmbedPage = 'chat';
  if (second !== undefined && isPage(second)) {
    if (third !== undefined) return null;
    page = second;
  } else if (second !== undefined) {
    instanceSlug = second;
    if (third !== undefined) {
      if (!isPage(third)) return null;
      page = third;
    }
  }
  const query = new URLSearchParams(search);
  const configId = query.get(EMBED_CONFIG_PARAM)?.trim() || null;
  return {
    slug,
    instanceSlug,
    page: page === 'talk' ? 'chat' : page,
    parent: query.get(EMBED_PARENT_PARAM) || null,
    configId: configId && configId.length <= 200 ? configId : null,
  };
}
