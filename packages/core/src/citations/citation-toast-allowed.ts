import type { Citation } from '@doppel/protocol';

/**
 * Whether a citation may open the citation toast: a non-blank url and `visible` true.
 * Why: spec/chat.md §5 — a citation toast needs a non-blank url and visible true.
 */
export function citationToastAllowed(citation: Pick<Citation, 'url' | 'visible'>): boolean {
  return citation.visible === true && typeof citation.url === 'string' && citation.url.trim() !== '';
}
