/** @module An attachment's text in passages for retrieval: paragraphs joined up to about 900 characters. */

const TARGET_CHARS = 900;
/** Passages kept per file at most. */
export const MAX_CHUNKS = 1_500;

export function chunkText(text: string): string[] {
  const chunks: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim() !== '') chunks.push(current.trim());
    current = '';
  };
  for (const paragraph of text.split(/\n\s*\n/)) {
    const clean = paragraph.replace(/\s+/g, ' ').trim();
    if (clean === '') continue;
    if (current.length + clean.length > TARGET_CHARS) flush();
    if (clean.length <= TARGET_CHARS) {
      current = current ? `${current}\n\n${clean}` : clean;
      continue;
    }
    // A long paragraph: cut at sentence ends near the target.
    for (const sentence of clean.split(/(?<=[.!?])\s+/)) {
      if (current.length + sentence.length > TARGET_CHARS) flush();
      current = current ? `${current} ${sentence}` : sentence.slice(0, TARGET_CHARS * 2);
    }
    flush();
    if (chunks.length >= MAX_CHUNKS) break;
  }
  flush();
  return chunks.slice(0, MAX_CHUNKS);
}
