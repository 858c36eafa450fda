/** @module What a clone can talk about, for greetings, introductions and "I haven't covered that". */

/** "a", "a and b", "a, b and c". */
export function listPhrase(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}

/** Quoted titles (up to three), the clone's subjects in its own words. */
export function topicPhrase(documentTitles: readonly string[], conjunction = 'and'): string {
  const unique = [...new Set(documentTitles.map((t) => t.trim()).filter(Boolean))].slice(0, 3);
  return listPhrase(
    unique.map((title) => `“${title}”`),
    conjunction,
  );
}
