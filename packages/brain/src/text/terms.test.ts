import { describe, expect, it } from 'vitest';
import { contentTerms, stem } from './terms';

describe('stem', () => {
  it('meets inflections of one word', () => {
    expect(new Set(['plan', 'plans', 'planning', 'planned'].map(stem))).toEqual(new Set(['plan']));
    expect(stem('hydration')).toBe(stem('hydrate'));
    expect(stem('starters')).toBe(stem('starter'));
    expect(stem('baking')).toBe(stem('bake'));
    expect(new Set(['apply', 'applies', 'applied'].map(stem)).size).toBe(1);
    expect(stem('quickly')).toBe(stem('quick'));
  });
});

describe('contentTerms', () => {
  it('drops stop words and keeps stems once', () => {
    expect(contentTerms('How do you keep a starter alive? Starters die when you forget them.')).toEqual([
      'keep',
      'starter',
      'aliv',
      'die',
      'forget',
    ]);
  });

  it('reads a number with thousands separators as one number', () => {
    expect(contentTerms('a first shop for under $1,000')).toEqual(expect.arrayContaining(['1000']));
    expect(contentTerms('a first shop for under $1,000')).not.toContain('000');
  });

  it('drops pronouns and words that say when or who in general ("mine", "whenever", "anyone")', () => {
    expect(contentTerms('My friend says squeal whenever mine nips anyone')).toEqual([
      'friend',
      'say',
      'squeal',
      'nip',
    ]);
  });

  it('splits hyphenated words', () => {
    expect(contentTerms('Stretch-and-folds')).toEqual(['stretch-and-fold', 'stretch', 'fold']);
    expect(contentTerms('the one-one-one finish')).toEqual([stem('one-one-one'), 'finish']);
  });
});
