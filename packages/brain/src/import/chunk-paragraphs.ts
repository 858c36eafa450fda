/**
 * @module Paragraph-aware chunking: chunks of about 60–180 words that end at paragraph ends
 * where they can, at sentence ends otherwise. A chunk keeps the timestamp of its first
 * timestamped paragraph (a chunk that starts inside a paragraph takes that paragraph's).
 * In transcripts a timestamped paragraph starts a new chunk as soon as the current one has
 * the minimum, so that citations point close to the moment that was cited.
 */
import type { Paragraph } from '../folder/knowledge-document';
import type { Moment } from '../text/cited-excerpt';
import { countWords, endsWithQuestion, splitSentences } from '../text/sentences';

export interface Chunk {
  position: number;
  text: string;
  timestampMs: number | null;
  /** Where each timestamped paragraph starts in `text` (citations quote one with its own time). */
  moments: Moment[];
}

/** Bumped when chunking changes, so that an import re-chunks unchanged files. */
export const CHUNKER_VERSION = 4;
export const CHUNK_MIN_WORDS = 60;
/** A paragraph end at or past this many words closes the chunk. */
export const CHUNK_TARGET_WORDS = 110;
export const CHUNK_MAX_WORDS = 180;

interface Unit {
  text: string;
  words: number;
  paragraph: number;
  timestampMs: number | null;
  heading: boolean;
}

/** Sentences (a sentence past the maximum is cut into word runs) tagged with their paragraph. */
function units(paragraphs: readonly Paragraph[]): Unit[] {
  return paragraphs.flatMap((paragraph, index) =>
    splitSentences(paragraph.text).flatMap((sentence) => {
      const words = sentence.split(' ');
      const pieces: string[] = [];
      for (let i = 0; i < words.length; i += CHUNK_MAX_WORDS)
        pieces.push(words.slice(i, i + CHUNK_MAX_WORDS).join(' '));
      return pieces.map((text) => ({
        text,
        words: countWords(text),
        paragraph: index,
        timestampMs: paragraph.timestampMs,
        heading: paragraph.heading === true,
      }));
    }),
  );
}

function render(group: readonly Unit[]): Omit<Chunk, 'position'> {
  let text = '';
  const moments: Moment[] = [];
  group.forEach((unit, i) => {
    const startsParagraph = i === 0 || unit.paragraph !== group[i - 1]?.paragraph;
    if (i > 0) text += startsParagraph ? '\n\n' : ' ';
    if (startsParagraph && unit.timestampMs !== null) moments.push({ at: text.length, ms: unit.timestampMs });
    text += unit.text;
  });
  return {
    text,
    timestampMs: group.find((unit) => unit.timestampMs !== null)?.timestampMs ?? null,
    moments,
  };
}

/** Sentences of a question paragraph at most: a question and a line before it ("Great. So why…?"). */
const QUESTION_UNITS = 2;

/** The last paragraph of `current` leads on to what follows: a heading, or a question asked of it. */
function leadsOn(current: readonly Unit[]): boolean {
  const last = current.at(-1);
  if (!last) return false;
  if (last.heading) return true;
  const paragraph = current.filter((unit) => unit.paragraph === last.paragraph);
  return (
    endsWithQuestion(last.text) &&
    paragraph.length <= QUESTION_UNITS &&
    current[0]?.paragraph !== last.paragraph
  );
}

/** Chunks the paragraphs of one document, in order. */
export function chunkParagraphs(paragraphs: readonly Paragraph[]): Chunk[] {
  const groups: Unit[][] = [];
  let current: Unit[] = [];
  let words = 0;
  for (const unit of units(paragraphs)) {
    const atParagraphStart = current.length > 0 && current.at(-1)?.paragraph !== unit.paragraph;
    const atNewMoment = atParagraphStart && unit.timestampMs !== null;
    const atNewSection = atParagraphStart && unit.heading;
    const tooBig = words + unit.words > CHUNK_MAX_WORDS;
    if (
      (atParagraphStart && words >= CHUNK_TARGET_WORDS) ||
      ((atNewMoment || atNewSection) && words >= CHUNK_MIN_WORDS) ||
      (tooBig && words >= CHUNK_MIN_WORDS) ||
      (tooBig && atParagraphStart)
    ) {
      // A heading never ends a chunk: it goes on with the section it heads. Nor does a question
      // paragraph ("OWEN: What's the oddest place you've tuned a piano?"): it goes on with its answer.
      const headings: Unit[] = [];
      while (current.length > 1 && leadsOn(current)) {
        const paragraph = current.at(-1)?.paragraph;
        for (
          let unit = current.at(-1);
          current.length > 1 && unit !== undefined && unit.paragraph === paragraph;
          unit = current.at(-1)
        ) {
          headings.unshift(unit);
          current.pop();
        }
      }
      groups.push(current);
      current = headings;
      words = headings.reduce((sum, h) => sum + h.words, 0);
    }
    current.push(unit);
    words += unit.words;
  }
  if (current.length > 0) {
    const previous = groups.at(-1);
    const previousWords = previous?.reduce((sum, unit) => sum + unit.words, 0) ?? 0;
    if (previous && words < CHUNK_MIN_WORDS && previousWords + words <= CHUNK_MAX_WORDS)
      previous.push(...current);
    else groups.push(current);
  }
  return withSections(groups).map((group, position) => ({ position, ...render(group) }));
}

/** Each group that starts inside a section, opened with that section's heading. */
function withSections(groups: readonly Unit[][]): Unit[][] {
  let section: Unit | null = null;
  return groups.map((group) => {
    const first = group[0];
    const carried =
      section && first && !first.heading ? [{ ...section, timestampMs: null }, ...group] : group;
    for (const unit of group) if (unit.heading) section = unit;
    return carried;
  });
}
