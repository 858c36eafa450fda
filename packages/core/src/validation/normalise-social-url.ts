/** A social link ready to show: `valid` false means show `url` as text, not as a link. */
export interface SocialLink {
  url: string;
  valid: boolean;
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const LINKABLE = new Set(['http:', 'https:']);

/**
 * Turns a social or website value into a link: trimmed; https:// prepended when it has no
 * scheme ('example.com' → 'https://example.com', '//x.org' → 'https://x.org'); null when
 * empty. A value that does not parse as a URL, or whose scheme is not http(s) (javascript:,
 * data:, ftp:…), comes back trimmed as `{ url: raw, valid: false }` so it is shown as text.
 * Why: spec/chat.md §2 (a website link without a scheme gets https:// prepended) and §8 (a
 * failed URL parse for a social link logs a warning and shows the raw value — the caller logs).
 */
export function normaliseSocialUrl(value: string | null | undefined): SocialLink | null {
  const raw = value?.trim() ?? '';
  if (raw === '') return null;
  const url = HAS_SCHEME.test(raw) ? raw : raw.startsWith('//') ? `https:${raw}` : `https://${raw}`;
  try {
    const parsed = new URL(url);
    if (LINKABLE.has(parsed.protocol) && parsed.hostname !== '') return { url, valid: true };
  } catch {
    // Falls through: shown as the raw value.
  }
  return { url: raw, valid: false };
}
