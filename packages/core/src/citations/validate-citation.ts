import type { Citation } from '@doppel/protocol';

/** spec/chat.md §5, verbatim. */
export const CITATION_URL_REQUIRED = 'URL is required for non-Twitter citations';
/** spec/chat.md §5: a citation without a document id is an error (the spec gives no text). */
export const CITATION_DOCUMENT_REQUIRED = 'Citation is missing a document id';
/** spec/chat.md §5: a podcast citation without a url is an error (the spec gives no text). */
export const PODCAST_URL_REQUIRED = 'Podcast citation is missing a url';
/** spec/chat.md §5: a tweet citation with neither a tweet id nor a document to fall back to. */
export const TWEET_ID_REQUIRED = 'Tweet citation is missing a tweet id';

/** What `validateCitation` found: the errors, and whether a tweet shows as a document instead. */
export interface CitationCheck {
  /** Empty when the citation can be shown. */
  errors: string[];
  /** A tweet without a tweet id that is shown in the document list instead of as a tweet. */
  tweetFallback: boolean;
}

type CheckedCitation = Pick<Citation, 'type' | 'url' | 'documentId' | 'tweetId'>;

const blank = (value: string | null | undefined): boolean => value == null || value.trim() === '';

/**
 * Checks a citation before it is rendered or stored.
 * Why: spec/chat.md §5 — a non-Twitter citation requires a url; a citation without a document
 * id is an error; a tweet without a tweet id falls back to the document list (when it has a
 * document) or errors; a podcast without a url is an error (reported with its own message
 * instead of the generic url one, so each fault is reported once).
 */
export function validateCitation(citation: CheckedCitation): CitationCheck {
  const errors: string[] = [];
  let tweetFallback = false;
  const hasDocument = !blank(citation.documentId);
  if (!hasDocument) errors.push(CITATION_DOCUMENT_REQUIRED);
  if (citation.type === 'twitter') {
    if (blank(citation.tweetId)) {
      if (hasDocument) tweetFallback = true;
      else errors.push(TWEET_ID_REQUIRED);
    }
  } else if (blank(citation.url)) {
    errors.push(citation.type === 'podcast' ? PODCAST_URL_REQUIRED : CITATION_URL_REQUIRED);
  }
  return { errors, tweetFallback };
}
