/** Splits an answer into stream tokens, one word each with the whitespace before it; joined, they give `text` back. */
export function wordsAsTokens(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}
