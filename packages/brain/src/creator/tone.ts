/**
 * @module A creator's speaking-style notes (issue 10 §5, `toneFeedback`) applied to the local
 * brain's answers. An extractive answer can only be cut, not reworded, so the local brain honours
 * the notes that ask for brevity ("shorter", "be concise", "keep it brief"); the LLM brain gets
 * every note in its prompt (llm/build-prompt.ts).
 */
import type { CitationDraft } from '../brain';
import { splitSentences } from '../text/sentences';

const BREVITY =
  /\b(short(er)?|brief(er|ly)?|concise(ly)?|succinct|terse|less wordy|fewer words|to the point)\b/i;

/** Whether the notes ask for shorter answers (the latest notes are read alongside the rest). */
export function asksForBrevity(notes: readonly string[]): boolean {
  return notes.some((note) => BREVITY.test(note));
}

/**
 * The answer as the notes ask: with brevity asked, its first sentence only (with its `[n]`
 * markers); citations whose marker went with the rest are kept as relevant, not used.
 */
export function applyTone(
  answer: { text: string; citations: CitationDraft[] },
  notes: readonly string[],
): { text: string; citations: CitationDraft[] } {
  if (!asksForBrevity(notes)) return answer;
  const sentences = splitSentences(answer.text);
  const [first, second] = sentences;
  if (!first || !second) return answer;
  // A marker set after the full stop ("Does it? [1]") belongs to the first sentence.
  const trailing = /^(\[\d{1,2}\]\s*)+/.exec(second)?.[0].trim();
  const text = trailing ? `${first} ${trailing}` : first;
  const citations = answer.citations.map((citation) =>
    citation.used && !text.includes(`[${citation.position}]`) ? { ...citation, used: false } : citation,
  );
  return { text, citations };
}
