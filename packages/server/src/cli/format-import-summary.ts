/** @module What `doppel import` prints when it is done. */
import type { ImportResult } from '@doppel/brain';

export function formatImportSummary(result: ImportResult): string {
  const d = result.documents;
  return [
    `${result.created ? 'Created' : 'Updated'} clone "${result.slug}".`,
    `Documents: ${d.added} added, ${d.updated} updated, ${d.removed} removed, ${d.unchanged} unchanged.`,
  ].join('\n');
}
