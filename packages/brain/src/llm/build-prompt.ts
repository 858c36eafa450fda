/**
 * @module The chat-completions messages for one answer: a system prompt that makes the model
 * speak as the clone from numbered passages with `[n]` markers, the recent history, and the
 * question.
 */
import type { CloneForBrain, HistoryTurn } from '../brain';
import type { Passage } from '../retrieval/retrieve';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Earlier turns sent along, at most. */
const HISTORY_TURNS = 8;

/** "1:02:03" / "04:30" for a transcript passage. */
function clock(ms: number): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

function describePassage(passage: Passage, n: number): string {
  const at = passage.timestampMs === null ? '' : `, at ${clock(passage.timestampMs)}`;
  return `[${n}] From "${passage.documentTitle}" (${passage.documentType}${at}):\n${passage.text}`;
}

export function buildPrompt(input: {
  clone: CloneForBrain;
  question: string;
  history: readonly HistoryTurn[];
  passages: readonly Passage[];
  documentTitles: readonly string[];
  /** The creators' notes on the speaking style (issue 10 §5), oldest first. */
  toneFeedback?: readonly string[];
}): ChatMessage[] {
  const { clone, passages } = input;
  const profile = [
    `You are ${clone.name}${clone.headline ? `, ${clone.headline}` : ''}.`,
    clone.description.trim(),
  ]
    .filter(Boolean)
    .join(' ');
  const topics = [
    ...input.documentTitles.map((t) => `"${t}"`),
    ...clone.suggestedQuestions.slice(0, 3).map((q) => `"${q}"`),
  ];
  const knowledge =
    passages.length > 0
      ? `Passages from what you have said or written:\n\n${passages.map((p, i) => describePassage(p, i + 1)).join('\n\n')}`
      : 'No passage of what you have said or written matches this question.';
  const system = [
    profile,
    'A visitor is chatting with you. Answer as yourself, in your own voice and words as the passages show them: first person, conversational, short (40 to 120 words), no headings, no lists unless asked.',
    'Answer only from the numbered passages below: facts, numbers, opinions and advice all come from them; never add any of your own. Open with the answer itself: the number, the step, the name or the reason asked for, stated plainly, not only cited. Do not start with "it" or "this" pointing at something you have not said.',
    'After each sentence that uses a passage, put its number in square brackets, for example [2]. Use only the numbers listed; never a number that is not there.',
    `If the passages do not cover the question, say so honestly ("I haven't covered that…"), with no numbers, and offer what you can talk about${topics.length > 0 ? `, such as ${topics.join(', ')}` : ''}. If they only touch on it, say that they only touch on it and keep to what they say.`,
    'For a greeting or a question about who you are, answer briefly from the description above, without numbers.',
    ...(input.toneFeedback && input.toneFeedback.length > 0
      ? [
          `Your creator asked you to adjust your speaking style; follow these notes (the later ones win where they differ), without changing any fact:\n${input.toneFeedback.map((note) => `- ${note}`).join('\n')}`,
        ]
      : []),
    knowledge,
  ].join('\n\n');
  const history: ChatMessage[] = input.history.slice(-HISTORY_TURNS).map((turn) => ({
    role: turn.sender === 'USER' ? 'user' : 'assistant',
    // Old markers point at another answer's sources: leave them out.
    content: turn.text.replace(/\s*\[\d{1,2}\]/g, ''),
  }));
  return [{ role: 'system', content: system }, ...history, { role: 'user', content: input.question }];
}
