/** @module The SQL that fetches a plan's candidates and ranks them (see plan-query.ts). */
import type { QueryPlan } from './plan-query';

/** How much a title match counts next to the same match in the chunk's own text. */
export const TITLE_WEIGHT = 0.15;

/**
 * One statement. Each candidate query scores its (capped) matches as it reads them, with the
 * chunk's tsvector detoasted once for all terms; each candidate document's title adds its own
 * match; a chunk found by several queries counts once; only the best `limit` are joined to
 * their text, their document and the chunks around them in it (an answer that starts at the
 * end of one chunk may go on in the next; what leads up to a chunk, such as an interviewer's
 * question, may end the one before). Every row also carries the clone's statistics version
 * (`stats_version`, read in the same snapshot), and one row of NULL passage columns stands for
 * "no passage", so that the caller always learns the version its plan must match.
 */
export function rankingSql(
  plan: QueryPlan,
  cloneId: string,
  limit: number,
  options: { biography?: { titlePattern: string; types: readonly string[] } | undefined } = {},
): { sql: string; params: unknown[] } {
  const params: unknown[] = [cloneId, limit];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const terms = plan.weights.map((w) => ({ query: param(w.query), weight: param(w.weight) }));
  const score = (vector: string, normalization: number, factor = 1): string =>
    terms
      .map(
        (t) => `ts_rank(${vector}, ${t.query}::tsquery, ${normalization}) * ${t.weight}::float8 * ${factor}`,
      )
      .join(' + ');
  // Only the creator's biography documents, when asked: by title, or by type (their posts).
  const { biography } = options;
  const inDocuments = biography
    ? ` AND document_id IN (SELECT id FROM documents WHERE clone_id = $1
          AND (title ~* ${param(biography.titlePattern)} OR type = ANY(${param(biography.types)}::text[])))`
    : '';
  const candidates = plan.candidateQueries
    .map(
      (q) => `(SELECT id, document_id,
          (SELECT (${score('v', 1)})::float8 FROM (SELECT tsv || ''::tsvector AS v OFFSET 0) detoasted) AS rank
        FROM chunks WHERE clone_id = $1 AND tsv @@ ${param(q.query)}::tsquery${inDocuments} LIMIT ${param(q.cap)})`,
    )
    .join('\n      UNION ALL\n      ');
  const sql = `WITH candidate AS (
      ${candidates}
    ), titled AS (
      SELECT d.id, (${score('d.title_tsv', 0, TITLE_WEIGHT)})::float8 AS boost
      FROM documents d WHERE d.id IN (SELECT document_id FROM candidate)
    ), ranked AS (
      SELECT c.id, max(c.rank) + coalesce(max(t.boost), 0) AS rank
      FROM candidate c LEFT JOIN titled t ON t.id = c.document_id
      GROUP BY c.id ORDER BY rank DESC, c.id LIMIT $2
    ), passage AS (
      SELECT c.id, c.text, c.timestamp_ms, c.moments, c.position, d.id AS document_id, d.title, d.type, d.url,
        ranked.rank, n.id AS next_id, n.text AS next_text, n.timestamp_ms AS next_timestamp_ms,
        pr.text AS previous_text
      FROM ranked JOIN chunks c ON c.id = ranked.id JOIN documents d ON d.id = c.document_id
      LEFT JOIN chunks n ON n.document_id = c.document_id AND n.position = c.position + 1
      LEFT JOIN chunks pr ON pr.document_id = c.document_id AND pr.position = c.position - 1
    )
    SELECT (SELECT s.version FROM clone_knowledge_stats s WHERE s.clone_id = $1) AS stats_version, p.*
    FROM (SELECT) AS one LEFT JOIN passage p ON true
    ORDER BY p.rank DESC, p.id`;
  return { sql, params };
}

/**
 * How the ranking statement is planned (see `QueryOptions.plan` of @doppel/db): PostgreSQL's
 * cached generic plan when the plan is selective, else planned for its values. Measured per
 * question at 1,000, 10,000 and 100,000 chunks (the corpus of scripts/bench/retrieval.mjs): a
 * generic plan for every question was slower for questions whose rarest term is common (at
 * 10,000 chunks, common-heavy p50 7.0 against 4.5 ms); for selective questions it saves the
 * planning (ranking p50 about 1-2 ms against 3-5 ms) with the same p99.
 */
export function rankingPlanMode(plan: QueryPlan): 'cached' | 'per-call' {
  return plan.selective ? 'cached' : 'per-call';
}
