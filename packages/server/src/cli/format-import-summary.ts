/** @module What `doppel import` prints when it is done. */
import type { ImportSummary } from '@doppel/brain';

export function formatImportSummary(summary: ImportSummary): string {
  const d = summary.documents;
  return [
    `${summary.created ? 'Created' : 'Updated'} clone "${summary.slug}".`,
    `Documents: ${d.added} added, ${d.updated} updated, ${d.removed} removed, ${d.unchanged} unchanged.`,
  ].join('\n');
}
