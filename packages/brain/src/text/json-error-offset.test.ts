import { describe, expect, it } from 'vitest';
import { jsonErrorOffset } from './json-error-offset';

describe('jsonErrorOffset', () => {
  it('answers null for valid JSON', () => {
    for (const text of ['{}', '[]', ' {"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"]} ', '"s"', '0']) {
      expect(jsonErrorOffset(text)).toBeNull();
    }
  });

  it('points at the first offending character', () => {
    expect(jsonErrorOffset('{"a": }')).toBe(6);
    expect(jsonErrorOffset('{"a": 1,}')).toBe(8);
    expect(jsonErrorOffset('{"a" 1}')).toBe(5);
    expect(jsonErrorOffset('[1 2]')).toBe(3);
    expect(jsonErrorOffset('{"a": tru}')).toBe(9);
    expect(jsonErrorOffset('{} x')).toBe(3);
    expect(jsonErrorOffset('{"a": "open')).toBe(11);
    expect(jsonErrorOffset('')).toBe(0);
  });
});
