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

/** Plans the search of a question whose known terms are `terms`; null when none is known. */
export function planQuery(
  terms: readonly TermStat[],
  totalChunks: number,
  cap = CANDIDATE_CAP,
): QueryPlan | null {
  const known = terms
    .filter((t) => t.df > 0)
    .sort((a, b) => a.df - b.df || a.term.localeCompare(b.term))
    .slice(0, MAX_TERMS);
  const rarest = known[0];
  if (!rarest) return null;
  const quoted = known.map((t) => quoteLexeme(t.term));

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
  const weights = known.map((t, i) => ({
    query: quoted[i] ?? '',
    weight: inverseDocumentFrequency(t.df, Math.max(totalChunks, t.df)),
  }));
  return { candidateQueries, weights, selective: rarest.df <= cap };
}
