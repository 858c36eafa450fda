import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/seeded-random';
import { shuffleSuggested } from './shuffle-suggested';

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((q) => b.includes(q));

describe('shuffleSuggested', () => {
  it('returns the current questions when 3 or fewer exist', () => {
    const current = ['a', 'b', 'c'];
    const next = shuffleSuggested(['a', 'b', 'c'], current, () => 0.5);
    expect(next).toEqual(current);
    expect(next).not.toBe(current);
  });

  it('always gives a different set with 4 questions', () => {
    const all = ['a', 'b', 'c', 'd'];
    const random = seededRandom(11);
    let current = ['a', 'b', 'c'];
    for (let i = 0; i < 50; i += 1) {
      const next = shuffleSuggested(all, current, random);
      expect(next).toHaveLength(3);
      expect(new Set(next).size).toBe(3);
      expect(sameSet(next, current)).toBe(false);
      current = next;
    }
  });

  it('shows only new questions when there are enough of them', () => {
    const all = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const random = seededRandom(5);
    for (let i = 0; i < 30; i += 1) {
      const next = shuffleSuggested(all, ['a', 'b', 'c'], random);
      expect(next.some((q) => ['a', 'b', 'c'].includes(q))).toBe(false);
    }
  });

  it('fills up with current questions when too few new ones exist', () => {
    const next = shuffleSuggested(['a', 'b', 'c', 'd', 'e'], ['a', 'b', 'c'], seededRandom(9));
    expect(next).toContain('d');
    expect(next).toContain('e');
    expect(next).toHaveLength(3);
  });

  it('matches question objects by id, not identity', () => {
    const all = [1, 2, 3, 4].map((n) => ({ id: `q${n}`, question: `Q${n}?` }));
    const current = [{ id: 'q1' }, { id: 'q2' }, { id: 'q3' }].map((c) => ({ ...c, question: 'stale copy' }));
    const next = shuffleSuggested(all, current, seededRandom(2));
    expect(next.map((q) => q.id)).toContain('q4');
    expect(next.every((q) => all.includes(q))).toBe(true);
  });

  it('copes with an empty current set', () => {
    expect(shuffleSuggested(['a', 'b', 'c', 'd'], [], seededRandom(1))).toHaveLength(3);
  });

  it('defaults to Math.random', () => {
    expect(shuffleSuggested(['a', 'b', 'c', 'd'], ['a', 'b', 'c'])).toContain('d');
  });
});
