import { describe, expect, it } from 'vitest';
import { citationNumbers } from './citation-numbers';

describe('citationNumbers', () => {
  it('is empty without markers', () => {
    expect(citationNumbers('')).toEqual([]);
    expect(citationNumbers('No sources here.')).toEqual([]);
  });

  it('lists each number once in order of first appearance', () => {
    expect(citationNumbers('b [2] a [1] again [2] and [3][1]')).toEqual([2, 1, 3]);
  });

  it('ignores what is not a marker', () => {
    expect(citationNumbers('[0] [100] `[4]` \\[5] [6](url) [99]')).toEqual([99]);
  });
});
