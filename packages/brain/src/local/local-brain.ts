/**
 * @module The brain without an LLM (DESIGN §2, §3): greetings and introductions from the
 * profile, grounded extractive answers from the clone's knowledge, an honest "I haven't
 * covered that" otherwise. The answer is composed as soon as retrieval returns and streamed
 * word by word at once (no artificial delays).
 */
import type { Queryable } from '@doppel/db';
import type { AnswerRetrieval } from '@doppel/protocol';
import type { AnswerEvent, AnswerInput, Brain, CitationDraft } from '../brain';
import { applyTone } from '../creator/tone';
import { LruMap } from '../lru-map';
import { documentTitles } from '../retrieval/document-titles';
import { retrievalTrace } from '../retrieval/retrieval-trace';
import { searchKnowledge } from '../retrieval/search-knowledge';
import { withAttachments } from '../retrieval/with-attachments';
import { contentTerms } from '../text/terms';
import { classifyQuestion } from './classify-question';
import { composeGroundedAnswer } from './compose-grounded-answer';
import { composeGreeting, composeIdentity, composeNotCovered } from './compose-profile-answer';
import { followUpQuery } from './follow-up-query';
import { questionIntent } from './question-intent';
import { wordsAsTokens } from './words-as-tokens';

/** Passages retrieved per question. */
const PASSAGES = 12;
/** Composed answers kept per process (see `composeOnce`). */
const COMPOSED = 500;

type ComposeArgs = Parameters<typeof composeGroundedAnswer>;

/**
 * `composeGroundedAnswer`, computed once per distinct input: the composer is pure, and the
 * server's thread spends most of an answer's CPU in it, while visitors ask a clone's suggested
 * questions over and over. The key is the whole input (question, passages with their texts,
 * options), so new knowledge or another turn of the conversation composes again.
 */
function composeOnce(cache: LruMap<string, ReturnType<typeof composeGroundedAnswer>>) {
  return (...[question, passages, options = {}]: ComposeArgs) => {
    const { statistics, ...rest } = options;
    const key = JSON.stringify([
      question,
      passages,
      rest,
      statistics && [statistics.chunks, [...statistics.frequencies]],
    ]);
    const known = cache.get(key);
    if (known !== undefined) return known;
    const composed = composeGroundedAnswer(question, passages, options);
    cache.set(key, composed);
    return composed;
  };
}

async function compose(
  db: Queryable,
  input: AnswerInput,
  composeGrounded: (...args: ComposeArgs) => ReturnType<typeof composeGroundedAnswer>,
): Promise<{ text: string; citations: CitationDraft[]; retrieval: AnswerRetrieval }> {
  const { clone, question, history } = input;
  const kind = classifyQuestion(question, clone.name);
  if (kind === 'greeting' || kind === 'identity') {
    const context = { clone, documentTitles: await documentTitles(db, clone.id) };
    return {
      text: kind === 'greeting' ? composeGreeting(context) : composeIdentity(context),
      citations: [],
      retrieval: { source: 'profile', query: question, passages: [] },
    };
  }
  const { query, context, exclude, heard } = followUpQuery(question, history);
  const asked = context === undefined ? query : question;
  const intent = questionIntent(
    context !== undefined && questionIntent(question).kind === 'general' ? context : asked,
  );
  const aboutCreator =
    questionIntent(asked).aboutCreator || (context !== undefined && questionIntent(context).aboutCreator);
  const found = await searchKnowledge(db, clone, query, {
    limit: PASSAGES,
    aboutCreator,
    // "How did you first get into sourdough?": how it began, which an About page tells first.
    earlier: intent.earlier === true || (aboutCreator && intent.kind === 'reason' && intent.tense === 'past'),
  });
  const passages = await withAttachments(input, query, found.passages);
  // The visitor's attached files are knowledge too: their words are not "never covered".
  const attached = passages.filter((p) => !found.passages.includes(p));
  const frequencies = new Map(found.frequencies);
  for (const passage of attached) {
    for (const term of contentTerms(passage.text)) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
  }
  const chunks = found.chunks + attached.length;
  const grounded = composeGrounded(asked, passages, {
    cloneName: clone.name,
    headline: clone.headline,
    exclude,
    ...(heard ? { heard } : {}),
    ...(context !== undefined ? { context } : {}),
    intent: { ...intent, aboutCreator },
    statistics: { frequencies, chunks },
  });
  const retrieval = retrievalTrace(query, passages);
  if (grounded) return { ...grounded, retrieval };
  return {
    text: composeNotCovered({ clone, documentTitles: await documentTitles(db, clone.id) }),
    citations: [],
    retrieval,
  };
}

/** A `Brain` that answers from the clone's knowledge in `db`, without any external service. */
export function createLocalBrain(db: Queryable): Brain {
  const composeGrounded = composeOnce(new LruMap(COMPOSED));
  return {
    async *answer(input: AnswerInput): AsyncGenerator<AnswerEvent, void, undefined> {
      const { retrieval, ...composed } = await compose(db, input, composeGrounded);
      const { text, citations } = applyTone(composed, input.toneFeedback ?? []);
      for (const token of wordsAsTokens(text)) {
        if (input.signal?.aborted) return;
        yield { type: 'token', token };
      }
      yield { type: 'done', text, citations, retrieval };
    },
  };
}
