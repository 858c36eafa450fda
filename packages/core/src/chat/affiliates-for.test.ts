import { describe, expect, it } from 'vitest';
import { type AffiliateProduct, affiliatesFor } from './affiliates-for';

const product = (title: string, keywords: string[]): AffiliateProduct => ({
  title,
  url: `https://shop.example/${title.toLowerCase().replace(/\s+/g, '-')}`,
  imageUrl: null,
  keywords,
});
const GUIDE = product('Honing guide', ['honing guide']);
const STONES = product('Waterstone set', ['waterstone', '1000 stone']);
const OIL = product('Board oil', ['mineral oil']);
const WAX = product('Paste wax', ['paste wax']);

describe('affiliatesFor', () => {
  it('links the products whose words the answer uses, as a word or phrase, in any case and plural', () => {
    const answer =
      'I use a side-clamping Honing Guide [1] and three waterstones [1]; back to the 1000  stone [2].';
    expect(affiliatesFor(answer, [OIL, GUIDE, STONES]).map((a) => a.title)).toEqual([
      'Honing guide',
      'Waterstone set',
    ]);
  });

  it('needs whole words: "waterstoned" or "mineral oils" in another word do not count', () => {
    expect(affiliatesFor('The waterstoneware shop', [STONES])).toEqual([]);
    expect(affiliatesFor('Use mineral oil.', [OIL])).toEqual([
      { title: 'Board oil', url: OIL.url, imageUrl: null },
    ]);
  });

  it('keeps the creator’s order and at most three', () => {
    const answer = 'Honing guide, waterstone, mineral oil and paste wax.';
    expect(affiliatesFor(answer, [WAX, OIL, STONES, GUIDE]).map((a) => a.title)).toEqual([
      'Paste wax',
      'Board oil',
      'Waterstone set',
    ]);
  });

  it('links nothing without products or mentions', () => {
    expect(affiliatesFor('Anything at all.', [])).toEqual([]);
    expect(affiliatesFor('Sharpen often.', [GUIDE, OIL])).toEqual([]);
  });
});
