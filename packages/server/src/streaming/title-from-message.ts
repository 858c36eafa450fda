/** @module A conversation's first title, taken from its first message. */
import { TITLE_MAX_LENGTH } from '@doppel/protocol';

/**
 * The message on one line, cut at a word boundary to fit the title limit (spec/chat.md §5:
 * 1 to 100 characters), with an ellipsis when it was cut.
 */
export function titleFromMessage(text: string, max: number = TITLE_MAX_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const room = line.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  const cut = space >= max / 2 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s.,;:!?-]+$/, '')}…`;
}
