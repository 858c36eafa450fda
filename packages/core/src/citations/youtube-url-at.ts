import { mediaSeconds } from './media-seconds';

/**
 * A YouTube link that starts playing at the citation's timestamp: sets the `t` query
 * parameter to whole seconds (`?t=123`), replacing any `t` already there and keeping every
 * other parameter. A missing timestamp, or a url that does not parse, comes back unchanged.
 * Why: spec/chat.md §9 — video citation timestamps are milliseconds, rounded to seconds.
 */
export function youtubeUrlAt(url: string, ms: number | null | undefined): string {
  if (ms == null) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  parsed.searchParams.set('t', String(mediaSeconds(ms)));
  return parsed.toString();
}
