import { describe, expect, it } from 'vitest';
import { synonymOf, synonymStems, withSynonyms } from './synonyms';
import { contentTerms, stem } from './terms';

describe('synonyms', () => {
  it('meets spellings and words for the same thing, whatever their inflection', () => {
    expect(synonymStems(stem('adhesives'))).toEqual(expect.arrayContaining([stem('glue'), stem('glued')]));
    expect(synonymStems(stem('gluing'))).toContain(stem('glue'));
    expect(synonymStems(stem('color'))).toContain(stem('colour'));
    expect(synonymStems(stem('honing'))).toContain(stem('sharpening'));
    expect(synonymStems(stem('slope'))).toEqual(expect.arrayContaining([stem('ratio'), stem('angle')]));
    expect(synonymStems(stem('loud'))).toContain(stem('noise'));
    expect(synonymStems(stem('reapply'))).toContain(stem('re-oil'));
    expect(synonymStems(stem('longest'))).toContain(stem('long'));
    expect(synonymStems(stem('hilly'))).toContain(stem('hill'));
    expect(synonymStems(stem('walnut'))).toEqual([]);
  });

  it('finds what locks a thing for what holds it together', () => {
    const question = 'How does a ladderback chair hold together without glue?';
    expect(withSynonyms(question, contentTerms(question))).toContain('lock');
  });

  it('appends the other words of a group to a search once', () => {
    const question = 'Which adhesive and what glue for honing?';
    const expanded = withSynonyms(question, contentTerms(question));
    expect(expanded.startsWith(question)).toBe(true);
    expect(expanded.split(' ').filter((w) => w === 'glue').length).toBe(1);
    expect(expanded).toContain('sharpen');
    expect(withSynonyms('walnut oil', contentTerms('walnut oil'))).toBe('walnut oil');
  });

  it('maps each synonym added to the question term it stands for', () => {
    const map = synonymOf(contentTerms('Which glue for chairs?'));
    expect(map.get(stem('adhesive'))).toBe(stem('glue'));
    expect(map.get(stem('glued'))).toBe(stem('glue'));
    expect(map.has(stem('chairs'))).toBe(false);
    // A word the question says itself is its own term, not a synonym of another.
    expect(synonymOf(contentTerms('glue or adhesive?')).has(stem('adhesive'))).toBe(false);
  });
});
