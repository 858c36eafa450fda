import { describe, expect, it } from 'vitest';
import { actionsQueryTarget } from './actions-query-target';
import { parseActionsQuery } from './parse-actions-query';
import { parseCitationsQuery } from './parse-citations-query';

describe('parseActionsQuery', () => {
  it('reads the spec’s values and ignores others', () => {
    expect(parseActionsQuery('menu')).toBe('menu');
    expect(parseActionsQuery(' Feedback ')).toBe('feedback');
    expect(parseActionsQuery('explode')).toBeNull();
    expect(parseActionsQuery(null)).toBeNull();
  });
});

describe('actionsQueryTarget', () => {
  const everything = { signedIn: false, available: () => true };
  it('authenticate never opens the panel; signed in it opens nothing', () => {
    expect(actionsQueryTarget('authenticate', everything)).toBe('authenticate');
    expect(actionsQueryTarget('authenticate', { ...everything, signedIn: true })).toBeNull();
    expect(actionsQueryTarget('authenticate', { signedIn: false, available: () => false })).toBe(
      'authenticate',
    );
  });
  it('history needs a signed-in user: a visitor is asked to sign in', () => {
    expect(actionsQueryTarget('history', everything)).toBe('authenticate');
    expect(actionsQueryTarget('history', { ...everything, signedIn: true })).toBe('history');
  });
  it('opens the surface when available, else the panel', () => {
    expect(actionsQueryTarget('socials', everything)).toBe('socials');
    expect(actionsQueryTarget('share', { signedIn: true, available: (v) => v !== 'share' })).toBe('menu');
    expect(actionsQueryTarget('menu', { signedIn: true, available: () => false })).toBe('menu');
  });
});

describe('parseCitationsQuery', () => {
  it('reads the short and the JSON forms', () => {
    expect(parseCitationsQuery('abc-123')).toEqual({ messageId: 'abc-123', citation: null, relevant: null });
    expect(parseCitationsQuery('abc-123:2')).toEqual({ messageId: 'abc-123', citation: 2, relevant: null });
    expect(parseCitationsQuery('{"messageId":"m1","citation":1,"relevant":3}')).toEqual({
      messageId: 'm1',
      citation: 1,
      relevant: 3,
    });
  });
  it('refuses what names no message, and ignores bad numbers', () => {
    expect(parseCitationsQuery('')).toBeNull();
    expect(parseCitationsQuery('{"citation":1}')).toBeNull();
    expect(parseCitationsQuery('{not json')).toBeNull();
    expect(parseCitationsQuery('a b')).toBeNull();
    expect(parseCitationsQuery('m1:0')).toEqual({ messageId: 'm1', citation: null, relevant: null });
    expect(parseCitationsQuery('{"messageId":"m1","citation":"2"}')?.citation).toBeNull();
  });
});
