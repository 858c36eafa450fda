/**
 * @module Affiliate products on a clone answer (spec/chat.md §3 messageAffiliates; issue 10 §9):
 * the creator's products whose words the answer uses, in the creator's order, at most three.
 */

/** A product of the creator's, as clone.json lists it. */
export interface AffiliateProduct {
  title: string;
  url: string;
  imageUrl: string | null;
  /** Words or phrases that mention it in an answer ("honing guide", "waterstone"). */
  keywords: readonly string[];
}

/** A product link as a message carries it. */
export interface MessageAffiliateLink {
  url: string;
  title: string;
  imageUrl: string | null;
}

/** Products shown under one answer, at most. */
export const MAX_MESSAGE_AFFILIATES = 3;

const escapeRegex = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

/** Whether `text` uses `keyword` as a word or phrase (any case; a plural "s" allowed). */
function mentions(text: string, keyword: string): boolean {
  const words = keyword.trim().split(/\s+/).filter(Boolean).map(escapeRegex);
  if (words.length === 0) return false;
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join('\\s+')}(?:e?s)?(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

/** The products `answer` mentions (by any of their keywords), in the creator's order, at most three. */
export function affiliatesFor(answer: string, products: readonly AffiliateProduct[]): MessageAffiliateLink[] {
  const text = answer.replace(/\s*\[\d+\]/g, '');
  return products
    .filter((product) => product.keywords.some((keyword) => mentions(text, keyword)))
    .slice(0, MAX_MESSAGE_AFFILIATES)
    .map(({ title, url, imageUrl }) => ({ title, url, imageUrl }));
}
