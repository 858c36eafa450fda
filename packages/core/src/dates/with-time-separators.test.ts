import { describe, expect, it } from 'vitest';
import { withTimeSeparators } from './with-time-separators';

const now = new Date(2026, 2, 11, 20, 0);
const at = (h: number, m = 0, day = 11): Date => new Date(2026, 2, day, h, m);
const msg = (id: string, createdAt: Date | string) => ({ id, createdAt });

const shape = (items: ReturnType<typeof withTimeSeparators<{ id: string; createdAt: Date | string }>>) =>
  items.map((item) => (item.kind === 'separator' ? `| ${item.label}` : item.message.id));

describe('withTimeSeparators', () => {
  it('returns nothing for no messages', () => {
    expect(withTimeSeparators([], now)).toEqual([]);
  });

  it('puts a separator before the first message', () => {
    const items = withTimeSeparators([msg('a', at(9, 30))], now);
    expect(items[0]).toEqual({ kind: 'separator', at: at(9, 30), label: 'Today, 9:30 AM' });
    expect(shape(items)).toEqual(['| Today, 9:30 AM', 'a']);
  });

  it('adds a separator at exactly 8 h and none at 7 h 59 min', () => {
    const items = withTimeSeparators(
      [msg('a', at(1, 0)), msg('b', at(8, 59)), msg('c', at(16, 59)), msg('d', at(17, 0))],
      now,
    );
    expect(shape(items)).toEqual(['| Today, 1:00 AM', 'a', 'b', '| Today, 4:59 PM', 'c', 'd']);
  });

  it('measures the gap from the previous message, not from the last separator', () => {
    const items = withTimeSeparators(
      [msg('a', at(0)), msg('b', at(5)), msg('c', at(10)), msg('d', at(15)), msg('e', at(20))],
      now,
    );
    expect(shape(items)).toEqual(['| Today, 12:00 AM', 'a', 'b', 'c', 'd', 'e']);
  });

  it('labels older days with the date words', () => {
    const items = withTimeSeparators(
      [msg('a', at(10, 0, 4)), msg('b', at(10, 0, 9)), msg('c', at(19, 5))],
      now,
    );
    expect(shape(items)).toEqual([
      '| March 4, 2026, 10:00 AM',
      'a',
      '| Last Monday, 10:00 AM',
      'b',
      '| Today, 7:05 PM',
      'c',
    ]);
  });

  it('accepts ISO strings and keeps the message objects', () => {
    const first = msg('a', '2026-03-01T10:00:00.000Z');
    const items = withTimeSeparators([first], now);
    expect(items[1]).toEqual({ kind: 'message', message: first });
    const sep = items[0];
    expect(sep?.kind === 'separator' && sep.at.toISOString()).toBe('2026-03-01T10:00:00.000Z');
  });

  it('keeps messages with an invalid date without separators around them', () => {
    const items = withTimeSeparators(
      [msg('x', 'bad'), msg('a', at(9)), msg('y', 'bad'), msg('b', at(10))],
      now,
    );
    expect(shape(items)).toEqual(['x', '| Today, 9:00 AM', 'a', 'y', 'b']);
  });
});
