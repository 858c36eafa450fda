import { describe, expect, it } from 'vitest';
import { citationToastAllowed } from './citation-toast-allowed';

describe('citationToastAllowed', () => {
  it('allows a visible citation with a url', () => {
    expect(citationToastAllowed({ url: 'https://x.org', visible: true })).toBe(true);
  });

  it('refuses a hidden citation', () => {
    expect(citationToastAllowed({ url: 'https://x.org', visible: false })).toBe(false);
  });

  it('refuses a missing, empty or blank url', () => {
    expect(citationToastAllowed({ url: null, visible: true })).toBe(false);
    expect(citationToastAllowed({ url: '', visible: true })).toBe(false);
    expect(citationToastAllowed({ url: ' \t\n', visible: true })).toBe(false);
  });
});
