import { describe, expect, it } from 'vitest';
import { CANDIDATE_CAP, inverseDocumentFrequency, planQuery, quoteLexeme } from './plan-query';

describe('quoteLexeme', () => {
  it('quotes lexemes so that no character is an operator', () => {
    expect(quoteLexeme('plan')).toBe("'plan'");
    expect(quoteLexeme("it's")).toBe("'it''s'");
    expect(quoteLexeme('a\\b')).toBe("'a\\\\b'");
    expect(quoteLexeme('x|y&!:*')).toBe("'x|y&!:*'");
  });
});

describe('planQuery', () => {
  it('answers null when no term of the question is known', () => {
    expect(planQuery([], 100)).toBeNull();
    expect(planQuery([{ term: 'x', df: 0 }], 100)).toBeNull();
  });

  it('takes every match of the rarest terms while they fit the cap together', () => {
    const plan = planQuery(
      [
        { term: 'common', df: 5_000 },
        { term: 'rare', df: 12 },
        { term: 'rarer', df: 3 },
        { term: 'mid', df: 150 },
      ],
      100_000,
    );
    expect(plan?.candidateQueries[0]).toEqual({ query: "'rarer' | 'rare' | 'mid'", cap: CANDIDATE_CAP });
    // The common term only brings candidates together with the rarest ones.
    expect(plan?.candidateQueries.slice(1).map((q) => q.query)).toEqual([
      "'rarer' & 'rare' & 'mid' & 'common'",
      "'rarer' & 'rare'",
    ]);
    // Every term weighs in the ranking, the rarest most.
    const weights = plan?.weights.map((w) => w.weight) ?? [];
    expect(plan?.weights.map((w) => w.query)).toEqual(["'rarer'", "'rare'", "'mid'", "'common'"]);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    expect(plan?.selective).toBe(true);
  });

  it('samples fewer matches when even the rarest term is common', () => {
    const plan = planQuery(
      [
        { term: 'think', df: 7_000 },
        { term: 'time', df: 90_000 },
      ],
      100_000,
    );
    expect(plan?.candidateQueries[0]?.query).toBe("'think'");
    expect(plan?.candidateQueries[0]?.cap).toBeLessThan(CANDIDATE_CAP);
    expect(plan?.candidateQueries[1]).toEqual({ query: "'think' & 'time'", cap: CANDIDATE_CAP });
    expect(plan?.selective).toBe(false);
  });

  it('keeps the six rarest terms of a long question', () => {
    const terms = Array.from({ length: 10 }, (_, i) => ({ term: `t${i}`, df: (i + 1) * 1_000 }));
    expect(planQuery(terms, 100_000)?.weights).toHaveLength(6);
  });
});

describe('inverseDocumentFrequency', () => {
  it('weighs rare terms more and a term in every chunk nearly nothing', () => {
    expect(inverseDocumentFrequency(1, 1_000)).toBeGreaterThan(inverseDocumentFrequency(100, 1_000));
    expect(inverseDocumentFrequency(1_000, 1_000)).toBeLessThan(0.01);
  });
});
