import type { CitationType } from '@doppel/protocol';

/** A paragraph of knowledge; transcripts carry the time it starts at in the media. */
export interface Paragraph {
  text: string;
  timestampMs: number | null;
  /** A section heading ("## What not to buy yet", a line in capitals): what the paragraphs after it are about. */
  heading?: true;
}

/** One knowledge file, parsed: what a citation shows and the text to chunk. */
export interface KnowledgeDocument {
  /** Path inside the clone folder with forward slashes, e.g. 'knowledge/a-video.md'. */
  path: string;
  title: string;
  type: CitationType;
  url: string | null;
  paragraphs: Paragraph[];
}

/** A title from a file name: 'how-i-plan_a-season.md' → 'How i plan a season'. */
export function titleFromFileName(name: string): string {
  const base = name
    .replace(/(\.srt\.json|\.[a-z0-9]+)$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return base ? base.charAt(0).toUpperCase() + base.slice(1) : name;
}
