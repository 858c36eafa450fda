/**
 * @module How one question is searched, decided from per-clone document frequencies so that the
 * work per request stays bounded however large the clone's knowledge grows (DESIGN §3).
 *
 * The rarest terms are queried first: every chunk holding one of them is a candidate as long as
 * their combined document frequency fits the cap. Common terms only produce candidates through
 * AND combinations (which GIN answers from the rarest posting list), and each candidate query
 * is capped with LIMIT before anything is ranked. Every query term still weighs in the ranking,
 * by its inverse document frequency.
 */

export interface TermStat {
  term: string;
  /** In how many of the clone's chunks the term occurs. */
  df: number;
}

export interface CandidateQuery {
  /** tsquery text. */
  query: string;
  /** Its matches taken at most (LIMIT). */
  cap: number;
}

export interface QueryPlan {
  /** Their matches, each query capped, are the only chunks ranked. */
  candidateQueries: CandidateQuery[];
  /** One tsquery per term with its weight, summed over `ts_rank` to rank candidates. */
  weights: { query: string; weight: number }[];
  /**
   * The rarest term's matches fit the cap, so every candidate query starts from a short posting
   * list and one generic plan (GIN index scans) serves them all; otherwise the best plan depends
   * on how common the terms are (a sample of a common term is cheapest by a scan that stops
   * early), and the statement is planned for each call.
   */
  selective: boolean;
}

/** Chunks one candidate query contributes at most. */
export const CANDIDATE_CAP = 200;
/** When even the rarest term is common, its matches are only a sample: a smaller one. */
const SAMPLE_CAP = 60;
/** Terms considered from one question (the rarest ones). */
const MAX_TERMS = 6;
/** Terms ANDed in the widest AND query. */
const MAX_AND_TERMS = 4;

/** A lexeme as a quoted tsquery operand: no normalisation, any punctuation safe. */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** BM25's inverse document frequency: rare terms weigh most, a term in every chunk nearly 0. */
export function inverseDocumentFrequency(df: number, totalChunks: number): number {
  return Math.log(1 + (totalChunks - df + 0.5) / (df + 0.5));
}

/** One term of the question with the synonyms that stand for it: chosen and matched as one. */
interface TermGroup {
  lexemes: string[];
  /** Chunks holding any of them, at most (the sum of their frequencies): how rare the group is. */
  df: number;
}

/**
 * The known terms as groups: each synonym (a key of `synonymOf`) joins the question term it
 * stands for, so that a question's own words are never crowded out of the rarest few by their
 * synonyms ("glue" by "glued" and "adhesive"), nor outweighed by a synonym the creator rarely
 * uses. A synonym whose question term is not known stands for it alone.
 */
function termGroups(terms: readonly TermStat[], synonymOf: ReadonlyMap<string, string>): TermGroup[] {
  const known = terms.filter((t) => t.df > 0);
  const present = new Set(known.map((t) => t.term));
  const groups = new Map<string, TermGroup>();
  const ordered = [...known].sort((a, b) => Number(synonymOf.has(a.term)) - Number(synonymOf.has(b.term)));
  for (const t of ordered) {
    const head = synonymOf.get(t.term);
    const key = head !== undefined && present.has(head) && !synonymOf.has(head) ? head : t.term;
    const group = groups.get(key);
    if (group) {
      group.lexemes.push(t.term);
      group.df += t.df;
    } else groups.set(key, { lexemes: [t.term], df: t.df });
  }
  return [...groups.values()];
}

/** A group as a tsquery operand: one quoted lexeme, or its lexemes ORed in parentheses. */
const groupQuery = (g: TermGroup): string =>
  g.lexemes.length === 1 ? quoteLexeme(g.lexemes[0] ?? '') : `(${g.lexemes.map(quoteLexeme).join(' | ')})`;

/**
 * Plans the search of a question whose known terms are `terms`; null when none is known.
 * `synonymOf` maps each synonym added to the question to the question's term it stands for.
 */
export function planQuery(
  terms: readonly TermStat[],
  totalChunks: number,
  cap = CANDIDATE_CAP,
  synonymOf: ReadonlyMap<string, string> = new Map(),
): QueryPlan | null {
  const known = termGroups(terms, synonymOf)
    .sort((a, b) => a.df - b.df || (a.lexemes[0] ?? '').localeCompare(b.lexemes[0] ?? ''))
    .slice(0, MAX_TERMS);
  const rarest = known[0];
  if (!rarest) return null;
  const quoted = known.map(groupQuery);

  // The rarest terms whose matches all fit the cap together: every match is a candidate.
  let covered = 1;
  let budget = rarest.df;
  while (covered < known.length && budget + (known[covered]?.df ?? 0) <= cap) {
    budget += known[covered]?.df ?? 0;
    covered += 1;
  }
  const candidateQueries: CandidateQuery[] = [
    { query: quoted.slice(0, covered).join(' | '), cap: rarest.df <= cap ? cap : Math.min(cap, SAMPLE_CAP) },
  ];
  // Chunks that hold several of the remaining (common) terms together.
  if (covered < known.length) {
    const widest = Math.min(known.length, MAX_AND_TERMS);
    candidateQueries.push({ query: quoted.slice(0, widest).join(' & '), cap });
    if (widest > 2) candidateQueries.push({ query: quoted.slice(0, 2).join(' & '), cap });
  }
  // Each lexeme weighs by its own frequency: a synonym the creator uses often ("riding" for
  // "cycling") does not make the question's rarer word weigh as little as itself.
  const df = new Map(terms.map((t) => [t.term, t.df]));
  const weights = known.flatMap((g) =>
    g.lexemes.map((lexeme) => {
      const n = df.get(lexeme) ?? 0;
      return { query: quoteLexeme(lexeme), weight: inverseDocumentFrequency(n, Math.max(totalChunks, n)) };
    }),
  );
  return { candidateQueries, weights, selective: rarest.df <= cap };
}
