import { describe, expect, it } from 'vitest';
import { internationalNumber } from './international-number';
import { textCountry } from './text-country';

describe('textCountry', () => {
  it('finds a supported country by its code, in any case', () => {
    expect(textCountry('gb')?.dial).toBe('44');
  });
  it('answers null for an unsupported or unknown guess', () => {
    expect(textCountry('KP')).toBeNull();
    expect(textCountry(null)).toBeNull();
  });
});

describe('internationalNumber', () => {
  const gb = { code: 'GB', name: 'United Kingdom', dial: '44' };
  it('puts the calling code first and drops the trunk zero', () => {
    expect(internationalNumber(gb, '07700 900-123')).toBe('+447700900123');
  });
  it('keeps a number typed in international form', () => {
    expect(internationalNumber(gb, '+1 (555) 010-2030')).toBe('+15550102030');
    expect(internationalNumber(gb, '0033 6 12 34 56 78')).toBe('+33612345678');
  });
  it('answers null when something other than digits was typed', () => {
    expect(internationalNumber(gb, 'call me')).toBeNull();
    expect(internationalNumber(gb, '')).toBeNull();
  });
});
