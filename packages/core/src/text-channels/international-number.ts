/** @module A phone number in international form from the country chosen and the number as typed. */
import type { TextCountry } from './text-country';

/**
 * The number in international form from the country and the number as typed: a number typed
 * with '+' is taken as it is; otherwise the trunk '0' is dropped and the calling code put first.
 * Spaces, dots, dashes and brackets are dropped. Answers null when no digits were typed.
 */
export function internationalNumber(country: TextCountry, typed: string): string | null {
  const compact = typed.trim().replace(/[\s().-]/g, '');
  if (compact.startsWith('+')) return /^\+\d+$/.test(compact) ? compact : null;
  if (compact.startsWith('00')) return /^00\d+$/.test(compact) ? `+${compact.slice(2)}` : null;
  if (!/^\d+$/.test(compact)) return null;
  return `+${country.dial}${compact.replace(/^0+/, '')}`;
}
