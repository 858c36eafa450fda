/**
 * @module An anonymous visitor's remaining call time, kept in this browser per clone and
 * instance (spec/calls.md §3 "Local preferences: … anonymous remaining voice/video time per clone
 * and instance"; §6). The server enforces the quota regardless; this lets the page open the
 * paywall before a call is even tried, and survives the visitor's cookie being cleared.
 */

type CallResource = 'voice_seconds' | 'video_seconds';

/** The storage key of one clone's (and instance's) remaining voice (or video) seconds. */
export function localCallTimeKey(
  slug: string,
  instanceSlug: string | null,
  resource: CallResource = 'voice_seconds',
): string {
  const kind = resource === 'voice_seconds' ? 'voice' : 'video';
  return `doppel:${kind}-remaining:${slug}/${instanceSlug ?? ''}`;
}

/** The remaining voice seconds this browser counted (-1 unlimited); null when it has none. */
export function readLocalCallTime(
  slug: string,
  instanceSlug: string | null,
  resource: CallResource = 'voice_seconds',
): number | null {
  try {
    const raw = localStorage.getItem(localCallTimeKey(slug, instanceSlug, resource));
    const value = raw === null ? Number.NaN : Number(raw);
    return Number.isInteger(value) && value >= -1 ? value : null;
  } catch {
    return null; // Storage unavailable: the server's count is all there is.
  }
}

/** Keeps the remaining voice seconds (a hint: the server enforces the quota). */
export function writeLocalCallTime(
  slug: string,
  instanceSlug: string | null,
  seconds: number,
  resource: CallResource = 'voice_seconds',
): void {
  try {
    localStorage.setItem(localCallTimeKey(slug, instanceSlug, resource), String(seconds));
  } catch {
    // Storage unavailable: nothing to keep.
  }
}
