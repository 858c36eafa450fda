import { describe, expect, it } from 'vitest';
import { groupConversations } from './group-conversations';

const now = new Date(2026, 2, 11, 18, 0);
const conv = (id: string, updatedAt: Date | string) => ({ id, updatedAt });
const ids = (groups: ReturnType<typeof groupConversations<{ id: string; updatedAt: Date | string }>>) =>
  groups.map((g) => [g.label, g.conversations.map((c) => c.id)]);

describe('groupConversations', () => {
  it('returns no groups for no conversations', () => {
    expect(groupConversations([], now)).toEqual([]);
  });

  it('sorts newest first and groups by label in that order', () => {
    const list = [
      conv('old', new Date(2025, 5, 1)),
      conv('today-early', new Date(2026, 2, 11, 8)),
      conv('yesterday', new Date(2026, 2, 10, 22)),
      conv('march-2', new Date(2026, 2, 2, 12)),
      conv('today-late', new Date(2026, 2, 11, 17)),
      conv('march-2-late', new Date(2026, 2, 2, 20)),
      conv('jan', new Date(2026, 0, 5)),
    ];
    expect(ids(groupConversations(list, now))).toEqual([
      ['Today', ['today-late', 'today-early']],
      ['Yesterday', ['yesterday']],
      ['March 2', ['march-2-late', 'march-2']],
      ['January 5', ['jan']],
      ['June 1, 2025', ['old']],
    ]);
  });

  it('keeps the input order for equal timestamps', () => {
    const t = new Date(2026, 2, 11, 12).toISOString();
    expect(ids(groupConversations([conv('a', t), conv('b', t), conv('c', t)], now))).toEqual([
      ['Today', ['a', 'b', 'c']],
    ]);
  });

  it('reads ISO strings', () => {
    const groups = groupConversations(
      [conv('a', '2026-03-01T12:00:00.000Z'), conv('b', new Date(2026, 2, 11, 12).toISOString())],
      now,
    );
    expect(groups.map((g) => g.label)).toEqual(['Today', 'March 1']);
  });

  it('puts conversations with an invalid date last', () => {
    const groups = groupConversations([conv('bad', 'nope'), conv('a', new Date(2026, 2, 11, 9))], now);
    expect(ids(groups)).toEqual([
      ['Today', ['a']],
      ['', ['bad']],
    ]);
  });

  it('does not change the input array', () => {
    const list = [conv('a', new Date(2026, 0, 1)), conv('b', new Date(2026, 2, 11))];
    groupConversations(list, now);
    expect(list.map((c) => c.id)).toEqual(['a', 'b']);
  });
});
