/**
 * @module Preview images of cited websites (issue 10 §8; DESIGN §4 `GET /api/og?url=`): the page's
 * `og:image` (or `twitter:image`), fetched through the guarded fetch, kept in memory for a day —
 * a failure too, so a dead page is not asked again and again.
 */
import { FetchRefused, guardedFetch } from './guarded-fetch';

export interface OgImage {
  contentType: string;
  body: Buffer;
}

const PAGE_BYTES = 512 * 1024;
const IMAGE_BYTES = 2 * 1024 * 1024;
const TIMEOUT_MS = 5_000;
const CACHE_MS = 24 * 60 * 60 * 1000;
const CACHE_ENTRIES = 500;
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|avif)\b/i;

/** The `og:image` (or `twitter:image`) address a page declares, resolved against the page. */
export function ogImageAddress(html: string, pageUrl: string): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const name = /\b(?:property|name)\s*=\s*["']?(og:image(?::url)?|twitter:image)["'\s>]/i.exec(tag);
    const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
    const value = (content?.[1] ?? content?.[2] ?? '').trim().replace(/&amp;/g, '&');
    if (name && value) {
      try {
        return new URL(value, pageUrl).toString();
      } catch {}
    }
  }
  return null;
}

export function createOgPreviews(options: { allowedHosts: readonly string[]; now?: () => number }) {
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; image: OgImage | null }>();
  const fetchOptions = { allowedHosts: options.allowedHosts, timeoutMs: TIMEOUT_MS };

  async function load(pageUrl: string): Promise<OgImage | null> {
    try {
      const page = await guardedFetch(pageUrl, {
        ...fetchOptions,
        maxBytes: PAGE_BYTES,
        accept: 'text/html',
      });
      if (!/html/i.test(page.contentType)) return null;
      const address = ogImageAddress(page.body.toString('utf8'), page.url);
      if (!address) return null;
      const image = await guardedFetch(address, {
        ...fetchOptions,
        maxBytes: IMAGE_BYTES,
        accept: 'image/*',
      });
      const contentType = image.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
      return IMAGE_TYPES.test(contentType) ? { contentType, body: image.body } : null;
    } catch (error) {
      // Refused (private address, too large, too slow) or unreachable: the app shows an icon.
      if (error instanceof FetchRefused || error instanceof Error) return null;
      throw error;
    }
  }

  return {
    /** Whether `pageUrl`'s preview (or its failure) is known without fetching. */
    cached(pageUrl: string): boolean {
      const hit = cache.get(pageUrl);
      return hit !== undefined && now() - hit.at < CACHE_MS;
    },
    /** The preview image of `pageUrl`, or null when it has none or cannot be fetched. */
    async imageFor(pageUrl: string): Promise<OgImage | null> {
      const hit = cache.get(pageUrl);
      if (hit && now() - hit.at < CACHE_MS) return hit.image;
      const image = await load(pageUrl);
      if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
      cache.set(pageUrl, { at: now(), image });
      return image;
    },
  };
}
