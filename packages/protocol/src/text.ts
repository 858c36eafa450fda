/**
 * @module Rules for text crossing the wire (issue 7 §5): control characters are refused with a
 * readable error (PostgreSQL refuses NUL outright), and a text of only invisible characters
 * counts as empty.
 */

/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its job.
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;

/**
 * Characters that show nothing: white space and separators, format characters (zero-width
 * space and joiners, the BOM, soft hyphen, bidi marks), controls, and the blank letters that
 * pass for text (Hangul fillers, the braille blank).
 */
const INVISIBLE = /[\s\p{Z}\p{Cf}\p{Cc}\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** The first control character in `text`, as `U+XXXX`, or null. */
export function controlCharacterIn(text: string): string | null {
  const found = CONTROL_CHARACTER.exec(text)?.[0];
  return found === undefined
    ? null
    : `U+${found.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** True when `text` would show nothing on screen. */
export function isInvisibleText(text: string): boolean {
  return text.replace(INVISIBLE, '') === '';
}
