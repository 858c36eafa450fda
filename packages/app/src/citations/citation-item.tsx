import { formatMediaTimestamp, podcastStartSeconds } from '@doppel/core';
import type { Citation } from '@doppel/protocol';
import { forwardRef, useId, useLayoutEffect, useRef, useState } from 'react';
import { ClockIcon, ExternalIcon } from '../components/icons';
import { citationHref } from '../talk/citation-href';
import { CitationIcon, citationTypeLabel, isCreatorAnswer } from './citation-icon';

const MEDIA = new Set(['youtube', 'podcast', 'video_file', 'audio_file']);
/** A podcast's or an audio file's address that a browser plays itself (not an episode's web page). */
const AUDIO = /\.(mp3|m4a|aac|ogg|oga|opus|wav|flac)(?:[?#]|$)/i;

/**
 * The player's address: the audio file with a media fragment that starts it at the cited second
 * (spec/chat.md §9: the podcast start time is the timestamp / 1000, rounded).
 */
export function podcastPlayerSrc(citation: Pick<Citation, 'type' | 'url' | 'timestamp'>): string | null {
  if ((citation.type !== 'podcast' && citation.type !== 'audio_file') || !citation.url) return null;
  if (!AUDIO.test(citation.url)) return null;
  let url: URL;
  try {
    url = new URL(citation.url);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.hash = `t=${podcastStartSeconds(citation.timestamp)}`;
  return url.toString();
}

interface CitationItemProps {
  citation: Citation;
  focused: boolean;
}

/** One source: type icon, number, title, document, quoted passage, media timestamp and link. */
export const CitationItem = forwardRef<HTMLLIElement, CitationItemProps>(function CitationItem(
  { citation, focused },
  ref,
) {
  const href = citationHref(citation);
  const showTimestamp = MEDIA.has(citation.type) && citation.timestamp !== null;
  const creator = isCreatorAnswer(citation);
  const title = citation.title || citation.documentTitle;
  const player = podcastPlayerSrc(citation);
  return (
    <li
      ref={ref}
      tabIndex={-1}
      className={focused ? 'citation-item is-focused' : 'citation-item'}
      aria-current={focused ? 'true' : undefined}
      data-index={citation.index}
    >
      <div className="citation-head">
        <CitationIcon citation={citation} />
        <div className="citation-heading">
          <span className="citation-type">
            {citation.used && <span className="citation-number">{citation.index}</span>}
            {citationTypeLabel(citation)}
          </span>
          <h3 className="citation-title">{title}</h3>
          {!creator && citation.documentTitle && citation.documentTitle !== title && (
            <p className="citation-document">{citation.documentTitle}</p>
          )}
        </div>
      </div>
      {citation.type === 'website' && href && <SitePreview url={href} />}
      {citation.text && <CitationQuote text={citation.text} />}
      {player && (
        // Starts where the passage was said; nothing loads until the visitor presses play.
        // biome-ignore lint/a11y/useMediaCaption: the passage above is the transcript of what plays.
        <audio
          className="citation-player"
          controls
          preload="none"
          src={player}
          aria-label={`Play ${title}`}
        />
      )}
      {(showTimestamp || href) && (
        <div className="citation-foot">
          {showTimestamp && citation.timestamp !== null && (
            <span className="citation-time" title={`Starts at ${podcastStartSeconds(citation.timestamp)} s`}>
              <ClockIcon />
              {formatMediaTimestamp(citation.timestamp)}
            </span>
          )}
          {href && (
            <a className="citation-link" href={href} target="_blank" rel="noopener noreferrer">
              {citation.type === 'youtube' && showTimestamp ? 'Watch from here' : 'Open source'}
              <ExternalIcon />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
        </div>
      )}
    </li>
  );
});

/**
 * A cited website's preview image (its og:image, fetched by the server: GET /api/og). A page
 * without one, or out of reach, keeps the type icon of the heading and shows nothing here.
 */
function SitePreview({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      className="citation-preview"
      src={`/api/og?url=${encodeURIComponent(url)}`}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/**
 * The quoted passage, six lines at most until the visitor asks for the rest (issue 9 §4). The
 * clamp sits on the text, not the padded quote box, so no part of a seventh line shows.
 */
function CitationQuote({ text }: { text: string }) {
  const id = useId();
  const body = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [clamped, setClamped] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the text changes.
  useLayoutEffect(() => {
    const el = body.current;
    if (el && !expanded) setClamped(el.scrollHeight > el.clientHeight + 1);
  }, [text, expanded]);
  return (
    <blockquote className="citation-quote">
      <p id={id} ref={body} className={expanded ? 'citation-quote-text is-expanded' : 'citation-quote-text'}>
        {text}
      </p>
      {(clamped || expanded) && (
        <button
          type="button"
          className="link-button citation-more"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </blockquote>
  );
}
