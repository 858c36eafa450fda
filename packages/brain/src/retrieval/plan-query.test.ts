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

  it('searches a synonym with the question term it stands for, never in its place', () => {
    // "How does a ladderback chair hold together without glue?" with "glued" and "adhesive" added.
    const terms = [
      { term: 'adhes', df: 1 },
      { term: 'chair', df: 23 },
      { term: 'glu', df: 12 },
      { term: 'glue', df: 32 },
      { term: 'hold', df: 11 },
      { term: 'ladderback', df: 6 },
      { term: 'togeth', df: 6 },
      { term: 'without', df: 16 },
    ];
    const synonymOf = new Map([
      ['adhes', 'glue'],
      ['glu', 'glue'],
    ]);
    const plan = planQuery(terms, 400, CANDIDATE_CAP, synonymOf);
    const searched = plan?.candidateQueries[0]?.query ?? '';
    // Without the grouping, the two rare synonyms took two of the six places and "chair" was never searched.
    expect(searched).toContain("'chair'");
    expect(searched).toContain("('glue' | 'adhes' | 'glu')");
    // Each lexeme still weighs by its own frequency.
    const weight = (q: string) => plan?.weights.find((w) => w.query === q)?.weight ?? 0;
    expect(weight("'adhes'")).toBeGreaterThan(weight("'glue'"));
    expect(planQuery(terms, 400)?.candidateQueries[0]?.query).not.toContain("'chair'");
  });

  it('lets a synonym stand alone when the question term it stands for is not known', () => {
    const plan = planQuery(
      [
        { term: 'color', df: 0 },
        { term: 'colour', df: 4 },
      ],
      100,
      CANDIDATE_CAP,
      new Map([['colour', 'color']]),
    );
    expect(plan?.candidateQueries[0]?.query).toBe("'colour'");
  });
});

describe('inverseDocumentFrequency', () => {
  it('weighs rare terms more and a term in every chunk nearly nothing', () => {
    expect(inverseDocumentFrequency(1, 1_000)).toBeGreaterThan(inverseDocumentFrequency(100, 1_000));
    expect(inverseDocumentFrequency(1_000, 1_000)).toBeLessThan(0.01);
  });
});
