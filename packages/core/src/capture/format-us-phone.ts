/**
 * Shows a 10-digit US number (with or without +1, in any punctuation) as '(555) 123-4567';
 * anything else is returned as typed.
 * Why: spec/chat.md §5 — 10-digit US numbers are displayed formatted (optional +1).
 */
export function formatUsPhone(raw: string): string {
  const compact = raw.trim().replace(/[\s().-]/g, '');
  const match = /^(?:\+?1)?(\d{3})(\d{3})(\d{4})$/.exec(compact);
  if (!match) return raw;
  return `(${match[1]}) ${match[2]}-${match[3]}`;
}
