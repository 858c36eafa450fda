import { FeedbackFields } from '@doppel/protocol';

/** The outcome of `validateFeedback`: the trimmed fields, or an error per refused field. */
export type FeedbackCheck =
  | { ok: true; feedback: FeedbackFields }
  | { ok: false; errors: Partial<Record<keyof FeedbackFields, string>> };

/**
 * Checks the feedback dialog: subject and content required, content at most 1000 characters.
 * Uses the protocol's `FeedbackFields` so the dialog and POST /api/feedback refuse alike.
 * Why: spec/chat.md §5 — feedback: subject and content required; content at most 1000 characters.
 */
export function validateFeedback(fields: { subject: string; content: string }): FeedbackCheck {
  const result = FeedbackFields.safeParse(fields);
  if (result.success) return { ok: true, feedback: result.data };
  const errors: Partial<Record<keyof FeedbackFields, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'subject' || field === 'content') && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
