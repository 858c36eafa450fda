import { STOP_GUARD_MS } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { canCancel, RESPONSE_CANCELLED } from './can-cancel';

const started = 1_000_000;

describe('canCancel', () => {
  it('waits 1 second', () => {
    expect(STOP_GUARD_MS).toBe(1_000);
    expect(canCancel(started, started)).toBe(false);
    expect(canCancel(started, started + 999)).toBe(false);
  });

  it('allows cancelling at exactly 1 second and after', () => {
    expect(canCancel(started, started + 1_000)).toBe(true);
    expect(canCancel(started, started + 60_000)).toBe(true);
  });

  it('accepts Dates and ISO strings', () => {
    expect(canCancel(new Date(started), new Date(started + 1_000))).toBe(true);
    expect(canCancel(new Date(started).toISOString(), new Date(started + 500))).toBe(false);
  });

  it('never allows it without a (valid) start', () => {
    expect(canCancel(null, started)).toBe(false);
    expect(canCancel(undefined, started)).toBe(false);
    expect(canCancel('bad', started)).toBe(false);
  });

  it('has the spec warning text', () => {
    expect(RESPONSE_CANCELLED).toBe('Response cancelled by user');
  });
});
