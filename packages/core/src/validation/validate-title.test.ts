import { TITLE_MAX_LENGTH } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { validateTitle } from './validate-title';

describe('validateTitle', () => {
  it('accepts 1 character', () => {
    expect(validateTitle('a')).toEqual({ ok: true, title: 'a' });
  });

  it('accepts exactly 100 characters and refuses 101', () => {
    expect(TITLE_MAX_LENGTH).toBe(100);
    expect(validateTitle('x'.repeat(100))).toEqual({ ok: true, title: 'x'.repeat(100) });
    expect(validateTitle('x'.repeat(101))).toEqual({
      ok: false,
      error: 'Title must be at most 100 characters',
    });
  });

  it('trims before checking and returns the trimmed title', () => {
    expect(validateTitle('  Sleep tips  ')).toEqual({ ok: true, title: 'Sleep tips' });
    expect(validateTitle(` ${'x'.repeat(100)} `)).toEqual({ ok: true, title: 'x'.repeat(100) });
  });

  it('refuses empty and blank titles', () => {
    expect(validateTitle('')).toEqual({ ok: false, error: 'Title must not be empty' });
    expect(validateTitle(' \t\n ')).toEqual({ ok: false, error: 'Title must not be empty' });
  });
});
