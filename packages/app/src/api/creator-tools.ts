/** @module The creator tools' calls (issue 10 §5): revise an answer, adjust the speaking style, edit suggested questions. */
import { ImproveResponse, SuggestedQuestionsResponse, ToneResponse } from '@doppel/protocol';
import type { ApiClient } from './api-client';

/** POST /api/messages/:id/improve: the creator's improved answer to the question `messageId` answered. */
export function improveAnswer(
  api: ApiClient,
  messageId: string,
  idealResponse: string,
): Promise<ImproveResponse> {
  return api.request(`/messages/${encodeURIComponent(messageId)}/improve`, ImproveResponse, {
    method: 'POST',
    body: { idealResponse },
  });
}

/** POST /api/messages/:id/tone: a note on the clone's speaking style, applied to later answers. */
export function adjustTone(api: ApiClient, messageId: string, toneFeedback: string): Promise<ToneResponse> {
  return api.request(`/messages/${encodeURIComponent(messageId)}/tone`, ToneResponse, {
    method: 'POST',
    body: { toneFeedback },
  });
}

const questionsPath = (slug: string) => `/studio/clones/${encodeURIComponent(slug)}/suggested-questions`;

/** GET /api/studio/clones/:slug/suggested-questions (owners only). */
export function fetchSuggestedQuestions(api: ApiClient, slug: string): Promise<SuggestedQuestionsResponse> {
  return api.request(questionsPath(slug), SuggestedQuestionsResponse);
}

/** PUT /api/studio/clones/:slug/suggested-questions: replaces the whole list, in order. */
export function saveSuggestedQuestions(
  api: ApiClient,
  slug: string,
  questions: string[],
): Promise<SuggestedQuestionsResponse> {
  return api.request(questionsPath(slug), SuggestedQuestionsResponse, { method: 'PUT', body: { questions } });
}
