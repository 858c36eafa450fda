import { z } from 'zod';
import { FEEDBACK_SUBJECT_MAX_LENGTH } from './account-constants';
import { FEEDBACK_MAX_LENGTH } from './constants';

/** spec/chat.md §5: the feedback dialog's two fields, both required, content at most 1000 characters. */
export const FeedbackFields = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'Subject is required')
    .max(FEEDBACK_SUBJECT_MAX_LENGTH, `Subject must be at most ${FEEDBACK_SUBJECT_MAX_LENGTH} characters`),
  content: z
    .string()
    .trim()
    .min(1, 'Feedback is required')
    .max(FEEDBACK_MAX_LENGTH, `Feedback must be at most ${FEEDBACK_MAX_LENGTH} characters`),
});
export type FeedbackFields = z.infer<typeof FeedbackFields>;

/**
 * App → server, POST /api/feedback: the dialog's fields and where it was sent from. The server
 * adds the caller's IP address and, when signed in, their name and e-mail (spec/chat.md §3).
 */
export const FeedbackRequest = FeedbackFields.extend({
  metadata: z.object({ pathname: z.string().max(2_000) }),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;
