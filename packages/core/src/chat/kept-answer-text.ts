/**
 * What stays of an answer the visitor stopped: the part of `answer` the visitor saw (`shown`, the
 * text on screen when Stop was pressed), never more, and never words the clone did not say — the
 * longest start the two share, without trailing space.
 * Why: issue 9 §6 — what the visitor saw when they pressed Stop is what stays, in the conversation
 * and on the server (spec/chat.md §4: cancel allowed only after 1 s, 'Response cancelled by user').
 */
export function keptAnswerText(answer: string, shown: string): string {
  let i = 0;
  const end = Math.min(answer.length, shown.length);
  while (i < end && answer.charCodeAt(i) === shown.charCodeAt(i)) i += 1;
  return answer.slice(0, i).trimEnd();
}
