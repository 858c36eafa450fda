import { youtubeUrlAt } from '@doppel/core';
import type { Citation } from '@doppel/protocol';

/** Where a citation links to: YouTube at its timestamp, else its url. */
export function citationHref(citation: Citation): string | null {
  if (!citation.url || citation.url.trim() === '') return null;
  return citation.type === 'youtube' ? youtubeUrlAt(citation.url, citation.timestamp) : citation.url;
}
