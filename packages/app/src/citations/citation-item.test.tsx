import type { Citation } from '@doppel/protocol';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CitationItem, podcastPlayerSrc } from './citation-item';

const citation = (overrides: Partial<Citation>): Citation => ({
  id: 'c1',
  index: 1,
  used: true,
  documentId: 'd1',
  documentTitle: 'Slow Trades, Episode 48',
  title: 'Slow Trades, Episode 48',
  text: 'Mineral oil, and a board butter of four parts mineral oil to one part beeswax.',
  url: 'https://podcasts.example/slow-trades/48.mp3',
  timestamp: 556_400,
  tweetId: null,
  visible: true,
  createdAt: '2026-11-25T08:00:00.000Z',
  type: 'podcast',
  ...overrides,
});

describe('the podcast player of a citation', () => {
  it('starts an audio file at the cited second (timestamp / 1000, rounded)', () => {
    expect(podcastPlayerSrc(citation({}))).toBe('https://podcasts.example/slow-trades/48.mp3#t=556');
    expect(podcastPlayerSrc(citation({ timestamp: 1_500, url: 'https://a.example/ep.m4a?x=1' }))).toBe(
      'https://a.example/ep.m4a?x=1#t=2',
    );
    expect(podcastPlayerSrc(citation({ type: 'audio_file', timestamp: null }))).toMatch(/#t=0$/);
  });

  it('plays only audio files of podcasts: not an episode page, a video, or another scheme', () => {
    expect(podcastPlayerSrc(citation({ url: 'https://podcasts.example/slow-trades/48' }))).toBeNull();
    expect(podcastPlayerSrc(citation({ type: 'youtube' }))).toBeNull();
    expect(podcastPlayerSrc(citation({ url: 'javascript:alert(1)//x.mp3' }))).toBeNull();
    expect(podcastPlayerSrc(citation({ url: null }))).toBeNull();
  });

  it('shows the player under the quoted passage, loading nothing until played', () => {
    render(<CitationItem citation={citation({})} focused={false} />);
    const player = screen.getByLabelText('Play Slow Trades, Episode 48') as HTMLAudioElement;
    expect(player.tagName).toBe('AUDIO');
    expect(player.getAttribute('src')).toBe('https://podcasts.example/slow-trades/48.mp3#t=556');
    expect(player.getAttribute('preload')).toBe('none');
    expect(screen.getByText('09:16')).toBeTruthy();
  });

  it('shows no player for an episode page', () => {
    render(<CitationItem citation={citation({ url: 'https://podcasts.example/48' })} focused={false} />);
    expect(screen.queryByLabelText(/^Play /)).toBeNull();
  });
});

describe('the preview of a cited website', () => {
  it('shows the page’s preview through the server, and nothing when it has none', () => {
    const site = citation({ type: 'website', url: 'https://blog.example/post?a=1', timestamp: null });
    const { container } = render(<CitationItem citation={site} focused={false} />);
    const image = container.querySelector('img.citation-preview');
    expect(image?.getAttribute('src')).toBe(
      `/api/og?url=${encodeURIComponent('https://blog.example/post?a=1')}`,
    );
    expect(image?.getAttribute('alt')).toBe('');
    fireEvent.error(image as Element);
    expect(container.querySelector('img.citation-preview')).toBeNull();
  });
});
