/**
 * @module An answer as a text message: no `[n]` markers (a text has no citation chips), the
 * sources it cites listed after it (by address, or by title when a source has none), and cut to
 * what the channel carries.
 */
import { stripCitationMarkers } from '../citations/strip-citation-markers';

/** What one reply may hold: Twilio sends up to 1,600 characters, Telegram 4,096. */
export const TEXT_REPLY_MAX = { SMS: 1600, WHATSAPP: 1600, TELEGRAM: 4096 } as const;

export interface TextReplySource {
  used: boolean;
  url: string | null;
  /** Named instead of an address when the source has none (a handout, a file). */
  documentTitle?: string;
}

/** The answer `text` as a reply on a channel carrying at most `max` characters. */
export function textReply(text: string, sources: readonly TextReplySource[], max: number): string {
  const body = stripCitationMarkers(text).trim();
  const named = sources.filter((s) => s.used).map((s) => s.url ?? s.documentTitle?.trim() ?? '');
  const urls = [...new Set(named.filter((name) => name !== ''))].slice(0, 2);
  const tail =
    urls.length > 0 ? `\n\nSources: ${urls.join(urls.some((u) => !u.includes('://')) ? '; ' : ' ')}` : '';
  if (body.length + tail.length <= max) return body + tail;
  const room = max - tail.length - 1;
  const cut = body.slice(0, room);
  const sentence = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  return `${sentence > room / 2 ? cut.slice(0, sentence + 1) : cut.trimEnd()}…${tail}`;
}
