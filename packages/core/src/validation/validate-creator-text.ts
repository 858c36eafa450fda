import { CREATOR_TEXT_MAX_LENGTH } from '@doppel/protocol';

export type CreatorTextCheck = { ok: true; text: string } | { ok: false; error: string | null };

/**
 * spec/chat.md §5: a revised answer or a tone note is at least 1 character (after trimming) and
 * at most CREATOR_TEXT_MAX_LENGTH. An empty text has no error to show, only a disabled save.
 */
export function validateCreatorText(text: string): CreatorTextCheck {
  const trimmed = text.trim();
  if (trimmed.length === 0) return { ok: false, error: null };
  if (trimmed.length > CREATOR_TEXT_MAX_LENGTH) {
    return { ok: false, error: `At most ${CREATOR_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters` };
  }
  return { ok: true, text: trimmed };
}
