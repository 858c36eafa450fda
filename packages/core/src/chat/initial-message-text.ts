/** Query values as routers hand them over: URLSearchParams, or a plain record. */
export type QueryInput =
  | URLSearchParams
  | Readonly<Record<string, string | readonly string[] | null | undefined>>;

function read(query: QueryInput, name: string): string {
  const value = query instanceof URLSearchParams ? query.get(name) : query[name];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.trim() : '';
}

/**
 * The starting text of a talk page, trimmed: the `message` query value, else `q`; null when
 * neither holds a non-blank value (a blank `message` falls through to `q`).
 * Why: spec/chat.md §2 (`message` or `q` gives the starting text) and §4 (the trimmed text).
 */
export function initialMessageText(query: QueryInput): string | null {
  return read(query, 'message') || read(query, 'q') || null;
}
