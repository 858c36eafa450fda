import { describe, expect, it } from 'vitest';
import { absentTerms, withoutAbsent } from './absent-terms';

describe('absentTerms', () => {
  it('reads the word after "without", "instead of" and "rather than" as absent', () => {
    expect([...absentTerms('How does a ladderback chair hold together without glue?')]).toEqual(['glue']);
    expect([...absentTerms('Can I flatten a board without a planer?')]).toEqual(['planer']);
    expect([...absentTerms('What do you use instead of sandpaper?')]).toEqual(['sandpap']);
  });

  it('names nothing absent in a question without such a phrase', () => {
    expect(absentTerms('What glue do you use for chairs?').size).toBe(0);
  });

  it('leaves the rest of the question to search', () => {
    expect(withoutAbsent('How does a chair hold together without glue?').split(/\s+/)).toEqual([
      'How',
      'does',
      'a',
      'chair',
      'hold',
      'together',
      '?',
    ]);
  });
});
