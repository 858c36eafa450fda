/** @module core/citations — citation markers, toasts and media timestamps. */
export { citationNumbers } from './citation-numbers';
export { citationToastAllowed } from './citation-toast-allowed';
export { formatMediaTimestamp } from './format-media-timestamp';
export { mediaSeconds } from './media-seconds';
export { type CitationSegment, parseCitationMarkers } from './parse-citation-markers';
export { podcastStartSeconds } from './podcast-start-seconds';
export { stripCitationMarkers } from './strip-citation-markers';
export { youtubeUrlAt } from './youtube-url-at';
