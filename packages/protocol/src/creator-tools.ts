/**
 * @module Creator tools (issue 10 §5, spec/chat.md §2, §5, §8): revise an answer, adjust the
 * clone's speaking style, edit the suggested questions. Owners only (CREATOR, CONTRIBUTOR).
 */
import { z } from 'zod';
import { SuggestedQuestion } from './clone';

/** Longest revised answer or speaking-style note a creator may store. */
export const CREATOR_TEXT_MAX_LENGTH = 4_000;
/** Longest suggested question, and how many a clone may have. */
export const SUGGESTED_QUESTION_MAX_LENGTH = 200;
export const SUGGESTED_QUESTIONS_MAX = 20;

/** spec/chat.md §8: both creator tools fail without a user message before the answer. */
export const NO_PRECEDING_USER_MESSAGE = 'No preceding user message';
/** A signed-in user who is not a CREATOR or CONTRIBUTOR of the message's clone. */
export const CREATORS_ONLY = 'Only the creators of this clone can do this';

const creatorText = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} must be at least 1 character`)
    .max(CREATOR_TEXT_MAX_LENGTH, `${name} can be at most ${CREATOR_TEXT_MAX_LENGTH} characters`);

/** POST /api/messages/:id/improve — the creator's improved text for a clone answer (spec §5). */
export const ImproveRequest = z.object({ idealResponse: creatorText('The improved answer') }).strict();
export type ImproveRequest = z.infer<typeof ImproveRequest>;

/** The stored revised answer: the question it answers from now on. */
export const ImproveResponse = z.object({ id: z.string(), messageId: z.string(), question: z.string() });
export type ImproveResponse = z.infer<typeof ImproveResponse>;

/** POST /api/messages/:id/tone — a note on the clone's speaking style (spec §5: at least 1 character). */
export const ToneRequest = z.object({ toneFeedback: creatorText('The tone feedback') }).strict();
export type ToneRequest = z.infer<typeof ToneRequest>;

export const ToneResponse = z.object({ id: z.string(), messageId: z.string() });
export type ToneResponse = z.infer<typeof ToneResponse>;

/** PUT /api/studio/clones/:slug/suggested-questions — the whole list, in order. */
export const SuggestedQuestionsRequest = z
  .object({
    questions: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'A question cannot be empty')
          .max(
            SUGGESTED_QUESTION_MAX_LENGTH,
            `A question can be at most ${SUGGESTED_QUESTION_MAX_LENGTH} characters`,
          ),
      )
      .max(SUGGESTED_QUESTIONS_MAX, `At most ${SUGGESTED_QUESTIONS_MAX} questions`),
  })
  .strict();
export type SuggestedQuestionsRequest = z.infer<typeof SuggestedQuestionsRequest>;

/** GET and PUT answer the clone's suggested questions as stored. */
export const SuggestedQuestionsResponse = z.object({
  slug: z.string(),
  name: z.string(),
  questions: z.array(SuggestedQuestion),
});
export type SuggestedQuestionsResponse = z.infer<typeof SuggestedQuestionsResponse>;
