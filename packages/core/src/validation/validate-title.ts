import { ConversationTitle } from '@doppel/protocol';

/** The outcome of `validateTitle`: the trimmed title, or the reason it is refused. */
export type TitleCheck = { ok: true; title: string } | { ok: false; error: string };

/**
 * Checks a conversation title: 1 to 100 characters after trimming. Uses the protocol's
 * `ConversationTitle` schema so the app and the server refuse the same titles with the same words.
 * Why: spec/chat.md §5 / §9 — conversation title 1 to 100 characters.
 */
export function validateTitle(title: string): TitleCheck {
  const result = ConversationTitle.safeParse(title);
  if (result.success) return { ok: true, title: result.data };
  return { ok: false, error: result.error.issues[0]?.message ?? 'Invalid title' };
}
