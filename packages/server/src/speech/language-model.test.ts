import { describe, expect, it } from 'vitest';
import { bigramArpa, sentencesOf } from './language-model';

const vocabulary = new Set(['how', 'do', 'you', 'sharpen', 'a', 'chisel', 'plane', 'i', 'hone']);

/** The log10 probabilities of an ARPA text, by n-gram. */
function parse(arpa: string): { uni: Map<string, [number, number]>; bi: Map<string, number> } {
  const uni = new Map<string, [number, number]>();
  const bi = new Map<string, number>();
  let section = '';
  for (const line of arpa.split('\n')) {
    if (line.startsWith('\\')) section = line;
    const parts = line.trim().split(/\s+/);
    if (section === '\\1-grams:' && parts.length === 3)
      uni.set(parts[1] as string, [Number(parts[0]), Number(parts[2])]);
    if (section === '\\2-grams:' && parts.length === 3) bi.set(`${parts[1]} ${parts[2]}`, Number(parts[0]));
  }
  return { uni, bi };
}

describe('the clone language model', () => {
  it('keeps the sentences of words the recogniser can say, lower-cased', () => {
    expect(sentencesOf('How do you sharpen a Chisel? I hone. Zyzzyva!', vocabulary)).toEqual([
      ['how', 'do', 'you', 'sharpen', 'a', 'chisel'],
      ['i', 'hone'],
    ]);
  });

  it('writes a well-formed ARPA bigram model whose probabilities add up', () => {
    const arpa = bigramArpa([
      {
        sentences: [
          ['how', 'do', 'you', 'sharpen', 'a', 'chisel'],
          ['how', 'do', 'i', 'hone'],
        ],
        weight: 1,
      },
    ]);
    const { uni, bi } = parse(arpa);
    expect(arpa).toMatch(/^\\data\\\nngram 1=10\nngram 2=10\n/);
    expect(arpa.trimEnd().endsWith('\\end\\')).toBe(true);
    // Unigrams (without <s>) sum to one.
    const unigramMass = [...uni].filter(([w]) => w !== '<s>').reduce((sum, [, [p]]) => sum + 10 ** p, 0);
    expect(unigramMass).toBeCloseTo(1, 3);
    // After "do": the seen bigrams plus the backed-off unigrams of the rest sum to one.
    const [, bow] = uni.get('do') ?? [0, 0];
    const seen = ['do you', 'do i'];
    const seenMass = seen.reduce((sum, pair) => sum + 10 ** (bi.get(pair) ?? -99), 0);
    const rest = [...uni]
      .filter(([w]) => w !== '<s>' && !seen.includes(`do ${w}`))
      .reduce((sum, [, [p]]) => sum + 10 ** p, 0);
    expect(seenMass + 10 ** bow * rest).toBeCloseTo(1, 3);
  });

  it('counts a weighted corpus more', () => {
    const light = parse(
      bigramArpa([
        { sentences: [['how', 'do', 'you']], weight: 1 },
        { sentences: [['i', 'hone']], weight: 1 },
      ]),
    );
    const heavy = parse(
      bigramArpa([
        { sentences: [['how', 'do', 'you']], weight: 5 },
        { sentences: [['i', 'hone']], weight: 1 },
      ]),
    );
    expect((heavy.uni.get('how')?.[0] ?? -99) > (light.uni.get('how')?.[0] ?? -99)).toBe(true);
  });
});
