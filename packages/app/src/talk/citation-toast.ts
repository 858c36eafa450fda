import { citationToastAllowed, youtubeUrlAt } from '@doppel/core';
import { CITATION_TOAST_MS, type Citation } from '@doppel/protocol';
import { toast } from 'sonner';

/** Where a citation links to: YouTube at its timestamp, else its url. */
export function citationHref(citation: Citation): string | null {
  if (!citation.url || citation.url.trim() === '') return null;
  return citation.type === 'youtube' ? youtubeUrlAt(citation.url, citation.timestamp) : citation.url;
}

/**
 * The citation toast after a marker click: the source's title with an 'Open' action, for 5 s;
 * only for a citation with a non-blank url that is visible (spec/chat.md §5, §9).
 */
export function showCitationToast(citation: Citation): void {
  const href = citationHref(citation);
  if (!citationToastAllowed(citation) || !href) return;
  let host = '';
  try {
    host = new URL(href).hostname.replace(/^www\./, '');
  } catch {
    host = '';
  }
  toast(citation.title || citation.documentTitle, {
    id: `citation-${citation.id}`,
    description: host || undefined,
    duration: CITATION_TOAST_MS,
    action: { label: 'Open', onClick: () => window.open(href, '_blank', 'noopener,noreferrer') },
  });
}
