import { describe, expect, it } from 'vitest';
import { stripCitationMarkers } from './strip-citation-markers';

describe('stripCitationMarkers', () => {
  it('takes markers out with the space before them', () => {
    expect(stripCitationMarkers('Start with the plan [1].')).toBe('Start with the plan.');
    expect(stripCitationMarkers('Two sources [1][2], then more [3] and the end [4].')).toBe(
      'Two sources, then more and the end.',
    );
  });

  it('keeps one space between words a marker stood between', () => {
    expect(stripCitationMarkers('plan[1]and go')).toBe('plan and go');
    expect(stripCitationMarkers('Line one [1]\nLine two')).toBe('Line one\nLine two');
  });

  it('leaves what is not a marker as it is', () => {
    expect(stripCitationMarkers('Use `arr[1]` or [100] or [link](https://x.org).')).toBe(
      'Use `arr[1]` or [100] or [link](https://x.org).',
    );
    expect(stripCitationMarkers('')).toBe('');
  });
});
