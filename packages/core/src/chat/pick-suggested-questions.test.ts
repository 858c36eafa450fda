import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/seeded-random';
import { pickSuggestedQuestions } from './pick-suggested-questions';

describe('pickSuggestedQuestions', () => {
  it('shows all questions in order when there are 3 or fewer', () => {
    expect(pickSuggestedQuestions([], () => 0.5)).toEqual([]);
    expect(pickSuggestedQuestions(['a', 'b'], () => 0.9)).toEqual(['a', 'b']);
    expect(pickSuggestedQuestions(['a', 'b', 'c'], () => 0.9)).toEqual(['a', 'b', 'c']);
  });

  it('picks 3 distinct questions from more than 3', () => {
    const all = ['a', 'b', 'c', 'd', 'e', 'f'];
    const random = seededRandom(7);
    for (let i = 0; i < 50; i += 1) {
      const picked = pickSuggestedQuestions(all, random);
      expect(picked).toHaveLength(3);
      expect(new Set(picked).size).toBe(3);
      for (const q of picked) expect(all).toContain(q);
    }
  });

  it('uses the random source (different seeds, different picks)', () => {
    const all = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    expect(pickSuggestedQuestions(all, () => 0)).toEqual(['a', 'b', 'c']);
    expect(pickSuggestedQuestions(all, () => 0.999)).toEqual(['h', 'g', 'f']);
  });

  it('gives every question a chance', () => {
    const all = ['a', 'b', 'c', 'd', 'e'];
    const random = seededRandom(3);
    const seen = new Set<string>();
    for (let i = 0; i < 100; i += 1) for (const q of pickSuggestedQuestions(all, random)) seen.add(q);
    expect(seen.size).toBe(5);
  });

  it('works with protocol question objects and does not copy them', () => {
    const all = [1, 2, 3, 4].map((n) => ({ id: `q${n}`, question: `Q${n}?` }));
    const picked = pickSuggestedQuestions(all, () => 0);
    expect(picked[0]).toBe(all[0]);
  });

  it('defaults to Math.random', () => {
    expect(pickSuggestedQuestions(['a', 'b', 'c', 'd'])).toHaveLength(3);
  });
});
