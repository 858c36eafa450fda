import { describe, expect, it } from 'vitest';
import { youtubeUrlAt } from './youtube-url-at';

describe('youtubeUrlAt', () => {
  it('adds t in whole seconds', () => {
    expect(youtubeUrlAt('https://www.youtube.com/watch?v=abc', 83_600)).toBe(
      'https://www.youtube.com/watch?v=abc&t=84',
    );
  });

  it('works on short links', () => {
    expect(youtubeUrlAt('https://youtu.be/abc', 5_000)).toBe('https://youtu.be/abc?t=5');
  });

  it('replaces an existing t and keeps other parameters and the fragment', () => {
    expect(youtubeUrlAt('https://www.youtube.com/watch?t=10&v=abc&list=x#c', 20_000)).toBe(
      'https://www.youtube.com/watch?t=20&v=abc&list=x#c',
    );
  });

  it('sets t=0 for a zero or negative timestamp', () => {
    expect(youtubeUrlAt('https://youtu.be/abc', 0)).toBe('https://youtu.be/abc?t=0');
    expect(youtubeUrlAt('https://youtu.be/abc', -3)).toBe('https://youtu.be/abc?t=0');
  });

  it('leaves the url alone without a timestamp', () => {
    expect(youtubeUrlAt('https://youtu.be/abc', null)).toBe('https://youtu.be/abc');
    expect(youtubeUrlAt('https://youtu.be/abc', undefined)).toBe('https://youtu.be/abc');
  });

  it('returns an unparsable url unchanged', () => {
    expect(youtubeUrlAt('not a url', 5_000)).toBe('not a url');
    expect(youtubeUrlAt('', 5_000)).toBe('');
  });
});
