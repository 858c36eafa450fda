import type { Citation } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import {
  CITATION_DOCUMENT_REQUIRED,
  CITATION_URL_REQUIRED,
  PODCAST_URL_REQUIRED,
  TWEET_ID_REQUIRED,
  validateCitation,
} from './validate-citation';

type Checked = Pick<Citation, 'type' | 'url' | 'documentId' | 'tweetId'>;
const base: Checked = { type: 'website', url: 'https://x.org', documentId: 'doc-1', tweetId: null };
const check = (patch: Partial<Checked>) => validateCitation({ ...base, ...patch });

describe('validateCitation', () => {
  it('uses the spec wording for a missing url', () => {
    expect(CITATION_URL_REQUIRED).toBe('URL is required for non-Twitter citations');
  });

  it('accepts a complete citation of every non-Twitter type', () => {
    for (const type of [
      'youtube',
      'facebook',
      'linkedin',
      'instagram',
      'podcast',
      'file',
      'website',
    ] as const) {
      expect(check({ type })).toEqual({ errors: [], tweetFallback: false });
    }
  });

  it('requires a url on non-Twitter citations (null, empty or blank)', () => {
    expect(check({ url: null }).errors).toEqual([CITATION_URL_REQUIRED]);
    expect(check({ type: 'youtube', url: '' }).errors).toEqual([CITATION_URL_REQUIRED]);
    expect(check({ type: 'file', url: '   ' }).errors).toEqual([CITATION_URL_REQUIRED]);
  });

  it('reports a podcast without a url with its own error, once', () => {
    expect(check({ type: 'podcast', url: null }).errors).toEqual([PODCAST_URL_REQUIRED]);
  });

  it('requires a document id', () => {
    expect(check({ documentId: '' }).errors).toEqual([CITATION_DOCUMENT_REQUIRED]);
    expect(check({ documentId: ' ', url: null }).errors).toEqual([
      CITATION_DOCUMENT_REQUIRED,
      CITATION_URL_REQUIRED,
    ]);
  });

  it('accepts a tweet with a tweet id and no url', () => {
    expect(check({ type: 'twitter', url: null, tweetId: '123' })).toEqual({
      errors: [],
      tweetFallback: false,
    });
  });

  it('falls back to the document list for a tweet without a tweet id', () => {
    expect(check({ type: 'twitter', url: null, tweetId: null })).toEqual({ errors: [], tweetFallback: true });
    expect(check({ type: 'twitter', tweetId: '  ' })).toEqual({ errors: [], tweetFallback: true });
  });

  it('errors for a tweet with neither a tweet id nor a document', () => {
    expect(check({ type: 'twitter', tweetId: null, documentId: '' })).toEqual({
      errors: [CITATION_DOCUMENT_REQUIRED, TWEET_ID_REQUIRED],
      tweetFallback: false,
    });
  });
});
