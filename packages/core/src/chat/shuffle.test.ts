import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/seeded-random';
import { shuffle } from './shuffle';

describe('shuffle', () => {
  it('keeps every item exactly once and leaves the input alone', () => {
    const input = [1, 2, 3, 4, 5, 6, 7];
    const out = shuffle(input, seededRandom(1));
    expect([...out].sort()).toEqual(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('follows the random source', () => {
    expect(shuffle(['a', 'b', 'c'], () => 0)).toEqual(['a', 'b', 'c']);
    expect(shuffle(['a', 'b', 'c'], () => 0.999)).toEqual(['c', 'b', 'a']);
  });

  it('clamps a source that returns 1 or out-of-range values', () => {
    expect(shuffle(['a', 'b', 'c'], () => 1)).toEqual(['c', 'b', 'a']);
    expect(shuffle(['a', 'b', 'c'], () => -5)).toEqual(['a', 'b', 'c']);
    expect([...shuffle(['a', 'b', 'c'], () => 7)].sort()).toEqual(['a', 'b', 'c']);
  });

  it('handles empty and single lists', () => {
    expect(shuffle([], Math.random)).toEqual([]);
    expect(shuffle(['a'], Math.random)).toEqual(['a']);
  });

  it('reaches every order of three items', () => {
    const random = seededRandom(42);
    const orders = new Set<string>();
    for (let i = 0; i < 200; i += 1) orders.add(shuffle(['a', 'b', 'c'], random).join(''));
    expect(orders.size).toBe(6);
  });
});
