/** @module The SQL that fetches a plan's candidates and ranks them (see plan-query.ts). */
import type { QueryPlan } from './plan-query';

/**
 * One statement. Each candidate query scores its (capped) matches as it reads them, so a
 * chunk's row is read once; a chunk found by several queries keeps its score once; only the
 * best `limit` are joined to their text and document.
 */
export function rankingSql(
  plan: QueryPlan,
  cloneId: string,
  limit: number,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [cloneId, limit];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const score = plan.weights
    .map((w) => `ts_rank(v, ${param(w.query)}::tsquery, 1) * ${param(w.weight)}::float8`)
    .join(' + ');
  const candidates = plan.candidateQueries
    .map(
      (
        q,
      ) => `(SELECT id, (SELECT (${score})::float8 FROM (SELECT tsv || ''::tsvector AS v OFFSET 0) detoasted) AS rank FROM chunks
        WHERE clone_id = $1 AND tsv @@ ${param(q.query)}::tsquery LIMIT ${param(q.cap)})`,
    )
    .join('\n      UNION ALL\n      ');
  const sql = `WITH ranked AS (
      SELECT id, max(rank) AS rank FROM (
      ${candidates}
      ) candidate GROUP BY id ORDER BY rank DESC, id LIMIT $2
    )
    SELECT c.id, c.text, c.timestamp_ms, d.id AS document_id, d.title, d.type, d.url, ranked.rank
    FROM ranked JOIN chunks c ON c.id = ranked.id JOIN documents d ON d.id = c.document_id
    ORDER BY ranked.rank DESC, c.id`;
  return { sql, params };
}
