import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price';

describe('formatPrice', () => {
  it('formats whole dollars without cents', () => {
    expect(formatPrice(8, 'monthly')).toBe('$8 per month');
    expect(formatPrice(80, 'yearly')).toBe('$80 per year');
    expect(formatPrice(0, 'monthly')).toBe('$0 per month');
    expect(formatPrice(1200, 'yearly')).toBe('$1,200 per year');
  });

  it('shows cents when there are some', () => {
    expect(formatPrice(8.5, 'monthly')).toBe('$8.50 per month');
    expect(formatPrice(99.99, 'yearly')).toBe('$99.99 per year');
  });
});
