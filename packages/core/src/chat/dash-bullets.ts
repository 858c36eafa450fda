/** The bullet a leading '- ' becomes. */
export const BULLET = '• ';

/**
 * Turns every line that starts with a dash and a space into a bullet line: '- milk' → '• milk'.
 * Only a dash at the very start of a line counts ('a - b' and '  - x' are left alone), and
 * both markers are two characters long, so the text keeps its length and the caret stays
 * where it was when the prompt applies this while typing. Works with \n and \r\n line ends.
 * Why: spec/chat.md §5 — a line starting with a dash and a space becomes a bullet.
 */
export function dashBullets(text: string): string {
  return text.replace(/^- /gm, BULLET);
}
