/**
 * @module The brain with an LLM (DESIGN §3): the same retrieval feeds the model numbered
 * passages, the answer streams as the deltas arrive, and its `[n]` markers map to the same
 * citations. Numbering is stable: passage n is citation n; passages whose marker appears in
 * the text are `used`, the others stay as relevant sources. Markers with no passage are
 * dropped from the stream, so `done.text` is exactly the streamed tokens joined.
 */
import { citationNumbers, stripCitationMarkers } from '@doppel/core';
import type { Queryable } from '@doppel/db';
import type { AnswerEvent, AnswerInput, Brain, CitationDraft } from '../brain';
import { followUpQuery } from '../local/follow-up-query';
import { questionIntent } from '../local/question-intent';
import { documentTitles } from '../retrieval/document-titles';
import { retrievalTrace } from '../retrieval/retrieval-trace';
import type { Passage } from '../retrieval/retrieve';
import { searchKnowledge } from '../retrieval/search-knowledge';
import { withAttachments } from '../retrieval/with-attachments';
import { citedExcerpt } from '../text/cited-excerpt';
import { buildPrompt } from './build-prompt';
import { MarkerFilter } from './marker-filter';
import { type LlmOptions, streamChatCompletion } from './stream-chat-completion';

/** Passages given to the model. */
const PASSAGES = 6;

/** The answer's sentences that carry marker `n`, markers taken out: what it took from passage n. */
function claimsOf(text: string, n: number): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => sentence.includes(`[${n}]`))
    .map((sentence) => stripCitationMarkers(sentence));
}

function citations(passages: readonly Passage[], text: string): CitationDraft[] {
  const cited = new Set(citationNumbers(text));
  return passages.map((passage, i) => {
    const used = cited.has(i + 1);
    // A used passage quotes the paragraph the answer drew on, with its own timestamp (issue 9 §4).
    const quoted = used
      ? citedExcerpt({ ...passage, moments: passage.moments ?? [] }, claimsOf(text, i + 1))
      : { text: passage.text, timestampMs: passage.timestampMs };
    return {
      position: i + 1,
      used,
      documentId: passage.documentId,
      documentTitle: passage.documentTitle,
      title: passage.documentTitle,
      ...quoted,
      url: passage.url,
      type: passage.documentType,
    };
  });
}

export function createLlmBrain(db: Queryable, options: LlmOptions): Brain {
  return {
    async *answer(input: AnswerInput): AsyncGenerator<AnswerEvent, void, undefined> {
      const { clone, question, history, signal } = input;
      // The same search as the local brain: synonyms, biography first for the creator's life, follow-ups with their question.
      const { query } = followUpQuery(question, history);
      const { aboutCreator } = questionIntent(query);
      const [{ passages: retrieved }, titles] = await Promise.all([
        searchKnowledge(db, clone, query, { limit: PASSAGES, aboutCreator }),
        documentTitles(db, clone.id),
      ]);
      const passages = await withAttachments(input, query, retrieved);
      const messages = buildPrompt({
        clone,
        question,
        history,
        passages,
        documentTitles: titles,
        toneFeedback: input.toneFeedback ?? [],
      });
      const filter = new MarkerFilter((n) => n >= 1 && n <= passages.length);
      let text = '';
      for await (const delta of streamChatCompletion(options, messages, signal)) {
        const token = filter.push(delta);
        if (token) {
          text += token;
          yield { type: 'token', token };
        }
      }
      if (signal?.aborted) return;
      const rest = filter.end();
      if (rest) {
        text += rest;
        yield { type: 'token', token: rest };
      }
      yield {
        type: 'done',
        text,
        citations: citations(passages, text),
        retrieval: retrievalTrace(query, passages),
      };
    },
  };
}
