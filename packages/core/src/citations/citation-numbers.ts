import { parseCitationMarkers } from './parse-citation-markers';

/**
 * The citation numbers an answer cites, each once, in order of first appearance.
 * Why: spec/chat.md §5 (markers [1] to [99]) — the used sources of a message are the ones
 * its text cites; the same rules as `parseCitationMarkers` decide what is a marker.
 */
export function citationNumbers(text: string): number[] {
  const seen = new Set<number>();
  for (const segment of parseCitationMarkers(text)) {
    if (segment.kind === 'marker') seen.add(segment.n);
  }
  return [...seen];
}
