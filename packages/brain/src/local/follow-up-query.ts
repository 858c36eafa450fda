/**
 * @module What to search for and how to read the question: the question itself; for "tell me
 * more", the previous question again, skipping what the previous answer said; for a follow-up
 * that leans on the conversation ("and in winter?", "how long did that take?", "what about
 * hide glue?"), the previous question as context, the follow-up deciding what is asked.
 */
import type { HistoryTurn } from '../brain';
import { splitSentences } from '../text/sentences';
import { contentTerms } from '../text/terms';
import { isFollowUp } from './classify-question';
import { KIND_OF } from './question-intent';

export interface SearchQuery {
  /** The text to search the knowledge with. */
  query: string;
  /** The question a follow-up follows; undefined for a question that stands alone. */
  context?: string;
  /** Sentences of the previous answer, not to be repeated. */
  exclude: string[];
  /**
   * Sentences of the previous answer a follow-up may say again only if they state what it asks
   * ("And when should I take it?" after an answer that said when), not to lead into it.
   */
  heard?: string[];
}

/** Openings that continue the conversation rather than start a new subject. */
const CONTINUES = /^(and|but|or|so|also|plus|what about|how about|and what about|what if|same for|then)\b/i;
/** Words that point back at something said before. */
const POINTS_BACK = /\b(that|it|this|those|these|them|they|there|then|one|ones)\b/i;

/** "Which sort will last the winter?": a kind of the thing said before, not named again. */
const WHICH_KIND = new RegExp(`^(?:so |and |but )?(?:which|what) (?:${KIND_OF}|model|brand|size)\\b`, 'i');

/** What a follow-up asks for rather than what it is about: "how long did that take?". */
const ASKS =
  /\bhow (?:long|often|many|much|far|old|soon)\b|\bwhat (?:time|age)\b|\b(?:take|takes|took|taken|last|lasts|lasted|cost|costs)\b/gi;
/** Words that name no subject: "what time is *everything usually* gone by?". */
const VAGUE = /\b(?:everything|anything|something|nothing|usually|normally|generally|really|actually)\b/gi;
/** A first sentence that answers the previous answer back: "That sounds really sloppy. Should…". */
const REACTS =
  /^(?:oh,? |wow,? |ok(?:ay)?,? )?(?:that|this|it)(?:'s| is| was| sounds| seems| looks| feels)\b[^.?!]*[.!]\s+\S/i;

/** True when `question` only makes sense with the conversation before it. */
export function leansOnConversation(question: string): boolean {
  const text = question.trim();
  if (REACTS.test(text)) return true;
  const terms = contentTerms(text.replace(ASKS, ' ').replace(VAGUE, ' ')).length;
  // "How old do you have to be?": what is asked, about nothing named — the subject said before.
  if (terms === 0 && new RegExp(ASKS.source, 'i').test(text)) return true;
  if ((CONTINUES.test(text) || WHICH_KIND.test(text)) && terms <= 3) return true;
  return POINTS_BACK.test(text) && terms <= 2;
}

export function followUpQuery(question: string, history: readonly HistoryTurn[]): SearchQuery {
  const previousQuestion = history.findLast(
    (turn) => turn.sender === 'USER' && turn.text.trim() !== question.trim(),
  );
  const tellMore = isFollowUp(question) || contentTerms(question).length === 0;
  if (!previousQuestion || (!tellMore && !leansOnConversation(question)))
    return { query: question, exclude: [] };
  const query = `${previousQuestion.text} ${question}`;
  const previousAnswer = history.findLast((turn) => turn.sender === 'CLONE');
  const said = previousAnswer ? splitSentences(previousAnswer.text) : [];
  if (!tellMore) return { query, context: previousQuestion.text, exclude: [], heard: said };
  return { query, exclude: said };
}
