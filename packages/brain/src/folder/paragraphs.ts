/**
 * @module Body text → paragraphs: blank lines end a paragraph, a line starting with a
 * timestamp starts one (transcripts put one per line), list items stand alone, and light
 * markdown (headings, emphasis, links, images, code fences, quotes, HTML) is reduced to text.
 * A heading — a markdown `#` line, or a short line in capitals ("WHAT TO BRING") — is a
 * paragraph of its own, marked, so that chunks can carry the section they are in.
 */
import { CloneFolderError } from './clone-folder-error';
import type { Paragraph } from './knowledge-document';
import { leadingTimestamp } from './timestamps';

const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+/;
const MARKDOWN_HEADING = /^#{1,6}\s/;
/**
 * "Puppy Foundations: six weeks…", "Focaccia: 3.50 pounds a slab.": a line opening on a short
 * label and a colon, after a line that ended its sentence — an item of a list written without
 * markers (a price list, an FAQ's answer), never run into the item before it.
 */
const LABELLED_LINE = /^[\p{Lu}\d](?:[^.:!?]|!(?= )|(?<=\d):(?=\d)){0,48}:\s+\S/u;
const ENDS_SENTENCE = /[.!?]["'”’)]*$/;
/** Longest line in capitals read as a heading. */
const CAPS_HEADING_WORDS = 10;

/**
 * "WHAT TO BRING", "2. THE ONE-ONE-ONE WIPING BLEND (house finish)": a short line whose words
 * outside parentheses are in capitals. Not a shouted line of prose ("WIPE OFF ALL EXCESS.").
 */
export function isCapitalsHeading(line: string): boolean {
  const text = line.replace(LIST_ITEM, '').trim();
  const outside = text.replace(/\([^)]*\)/g, ' ');
  const letters = outside.match(/\p{L}/gu) ?? [];
  if (letters.length < 3 || /[.!]["'”’)]*$/.test(text)) return false;
  if (text.split(/\s+/).length > CAPS_HEADING_WORDS) return false;
  return outside === outside.toUpperCase();
}

/** Markdown inline formatting reduced to its text. */
export function stripInlineMarkdown(line: string): string {
  return line
    .replace(/<!--.*?-->/g, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])\*(\S(?:.*?\S)?)\*(?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/^#{1,6}\s+/, '')
    .replace(/^>\s?/, '')
    .trim();
}

/**
 * Paragraphs of `body`. `file` and `firstLine` (1-based line of the body in the file) make
 * errors point at the right place.
 */
export function toParagraphs(body: string, file: string, firstLine = 1): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  let lines: string[] = [];
  let timestampMs: number | null = null;
  const flush = (heading = false): void => {
    const text = lines.join(' ').replace(/\s+/g, ' ').trim();
    if (text) paragraphs.push(heading ? { text, timestampMs, heading: true } : { text, timestampMs });
    lines = [];
    timestampMs = null;
  };
  body.split(/\r?\n/).forEach((raw, index) => {
    if (/^\s*(```|~~~)/.test(raw)) return;
    const trimmed = raw.trim();
    if (!trimmed || /^([-*_])\s*\1\s*\1[\s\-*_]*$/.test(trimmed)) {
      flush();
      return;
    }
    const stamp = leadingTimestamp(trimmed);
    if (stamp.kind === 'bad') {
      throw new CloneFolderError(
        file,
        `bad timestamp ${stamp.raw} on line ${firstLine + index}: ${stamp.reason}`,
      );
    }
    const heading = stamp.kind !== 'ok' && (MARKDOWN_HEADING.test(trimmed) || isCapitalsHeading(trimmed));
    const item = LABELLED_LINE.test(trimmed) && ENDS_SENTENCE.test(lines.at(-1) ?? '');
    if (stamp.kind === 'ok' || LIST_ITEM.test(raw) || heading || item) flush();
    let text = stamp.kind === 'ok' ? stamp.rest : trimmed;
    text = stripInlineMarkdown(text.replace(LIST_ITEM, ''));
    if (stamp.kind === 'ok') timestampMs = stamp.ms;
    if (text) lines.push(text);
    if (heading) flush(true);
  });
  flush();
  return paragraphs;
}
