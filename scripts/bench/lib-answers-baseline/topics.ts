/** @module What a clone can talk about, for greetings, introductions and "I haven't covered that". */

/** "a", "a and b", "a, b and c". */
export function listPhrase(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}

/**
 * The subject of a title: "How to Buy Lumber - Board Feet and Grades" → "How to Buy Lumber";
 * a series name gives way to the episode's subject ("Bench Notes, Episode 31 - Green
 * Woodworking" → "Green Woodworking").
 */
export function shortTitle(title: string): string {
  const parts = title
    .split(/\s+[-–—|]\s+|:\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const subject =
    parts.find((p) => !/\b(episode|ep\.?|part|vol\.?|no\.)\s*\d|#\d/i.test(p)) ?? parts[0] ?? title;
  return subject.replace(/\s*\([^)]*\)\s*$/, '').trim() || title;
}

/** Quoted short titles (up to three), the clone's subjects in its own words. */
export function topicPhrase(documentTitles: readonly string[], conjunction = 'and'): string {
  const unique = [...new Set(documentTitles.map(shortTitle).filter(Boolean))].slice(0, 3);
  return listPhrase(
    unique.map((title) => `“${title}”`),
    conjunction,
  );
}
