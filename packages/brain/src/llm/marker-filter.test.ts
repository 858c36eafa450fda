import { describe, expect, it } from 'vitest';
import { MarkerFilter } from './marker-filter';

function run(pieces: string[], keep: (n: number) => boolean): { emitted: string[]; text: string } {
  const filter = new MarkerFilter(keep);
  const emitted = pieces.map((piece) => filter.push(piece));
  emitted.push(filter.end());
  return { emitted, text: emitted.join('') };
}

describe('MarkerFilter', () => {
  it('passes valid markers through, even split across pieces', () => {
    expect(run(['I feed it daily [', '1', ']. Rye [2', '] helps.'], (n) => n <= 2).text).toBe(
      'I feed it daily [1]. Rye [2] helps.',
    );
  });

  it('drops markers it must not keep, with the space before them', () => {
    expect(run(['Daily [7]. Rye [1] helps [3]'], (n) => n === 1).text).toBe('Daily. Rye [1] helps');
    expect(run(['Steam [1][2] works.'], () => false).text).toBe('Steam works.');
  });

  it('leaves brackets that are not markers alone', () => {
    const keep = () => false;
    expect(run(['a [b] [12 c [0] [123] [', '4x]'], keep).text).toBe('a [b] [12 c [0] [123] [4x]');
    expect(run(['ends with [', '3'], keep).text).toBe('ends with [3');
  });

  it('holds back only what could still be a marker', () => {
    expect(run(['Hello', ' world', ' [', '1', '] done'], () => true).emitted).toEqual([
      'Hello',
      ' world',
      '',
      '',
      ' [1] done',
      '',
    ]);
  });
});
