import { describe, expect, it } from 'vitest';
import { isStaleStatement, StatementCache } from './statement-cache';

describe('StatementCache', () => {
  it('keeps the most recently used texts and hands back the one it pushes out', () => {
    const cache = new StatementCache<string>(2);
    expect(cache.set('a', 'A')).toBeUndefined();
    expect(cache.set('b', 'B')).toBeUndefined();
    expect(cache.get('a')).toBe('A'); // a is now the most recent
    expect(cache.set('c', 'C')).toBe('B');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size).toBe(2);
    expect(cache.delete('a')).toBe('A');
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('isStaleStatement', () => {
  it('knows the errors of a prepared statement that no longer fits', () => {
    expect(isStaleStatement(new Error('cached plan must not change result type'))).toBe(true);
    expect(isStaleStatement(new Error('prepared statement "doppel_12" does not exist'))).toBe(true);
    expect(isStaleStatement(new Error('relation "x" does not exist'))).toBe(false);
    expect(isStaleStatement('cached plan must not change result type')).toBe(false);
  });
});
