// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { conversationUrl, membershipsUrl, parseRoute, talkUrl } from './routes';

describe('parseRoute', () => {
  it.each([
    ['/', { name: 'home' }],
    ['/explore', { name: 'explore' }],
    ['/terms-of-use', { name: 'legal', page: 'terms' }],
    ['/privacy-policy', { name: 'legal', page: 'privacy' }],
    ['/demo', { name: 'profile', slug: 'demo', instanceSlug: null }],
    ['/demo/', { name: 'profile', slug: 'demo', instanceSlug: null }],
    ['/demo/team', { name: 'profile', slug: 'demo', instanceSlug: 'team' }],
    ['/demo/talk', { name: 'talk', slug: 'demo', instanceSlug: null, conversationId: null }],
    ['/demo/team/talk', { name: 'talk', slug: 'demo', instanceSlug: 'team', conversationId: null }],
    ['/demo/talk/conversation/c1', { name: 'talk', slug: 'demo', instanceSlug: null, conversationId: 'c1' }],
    [
      '/demo/team/talk/conversation/c1',
      { name: 'talk', slug: 'demo', instanceSlug: 'team', conversationId: 'c1' },
    ],
    [
      '/demo/talk/conversation/shared/s1',
      { name: 'shared', slug: 'demo', instanceSlug: null, shareId: 's1' },
    ],
    [
      '/demo/team/talk/conversation/shared/s1',
      { name: 'shared', slug: 'demo', instanceSlug: 'team', shareId: 's1' },
    ],
    ['/demo/talk/conversation/shared', { name: 'notFound' }],
    ['/demo/talk/elsewhere', { name: 'notFound' }],
    ['/explore/more', { name: 'notFound' }],
    ['/demo/%E0%A4%A', { name: 'notFound' }],
    ['/demo/call', { name: 'call', slug: 'demo', instanceSlug: null }],
    ['/demo/team/call', { name: 'call', slug: 'demo', instanceSlug: 'team' }],
    ['/demo/call/c1', { name: 'talk', slug: 'demo', instanceSlug: null, conversationId: 'c1' }],
    ['/demo/call/shared', { name: 'notFound' }],
    ['/demo/call/shared/s1', { name: 'sharedCall', slug: 'demo', instanceSlug: null, shareId: 's1' }],
    ['/demo/team/call/shared/s1', { name: 'sharedCall', slug: 'demo', instanceSlug: 'team', shareId: 's1' }],
    ['/demo/call/shared/s1/more', { name: 'notFound' }],
    ['/demo/call/c1/more', { name: 'notFound' }],
    ['/studio/demo/build/questions', { name: 'studioQuestions', slug: 'demo' }],
    ['/studio/demo/build', { name: 'notFound' }],
    ['/studio', { name: 'notFound' }],
    // spec/calls.md §2: the membership page, /memberships/{instanceSlug@cloneSlug | cloneSlug}.
    ['/memberships/demo', { name: 'memberships', slug: 'demo', instanceSlug: null }],
    ['/memberships/team@demo', { name: 'memberships', slug: 'demo', instanceSlug: 'team' }],
    ['/memberships/team%40demo', { name: 'memberships', slug: 'demo', instanceSlug: 'team' }],
    ['/memberships/@demo', { name: 'notFound' }],
    ['/memberships/team@', { name: 'notFound' }],
    ['/memberships/a@b@c', { name: 'notFound' }],
    ['/memberships', { name: 'notFound' }],
  ])('%s', (path, route) => {
    expect(parseRoute(path)).toEqual(route);
  });

  it('builds the membership page URL, with the embed token when given', () => {
    expect(membershipsUrl('demo')).toBe('/memberships/demo');
    expect(membershipsUrl('demo', 'team', 'tok en')).toBe('/memberships/team@demo?token=tok+en');
  });

  it('builds the talk URLs', () => {
    expect(talkUrl('demo', null, 'Hi there?')).toBe('/demo/talk?message=Hi+there%3F');
    expect(conversationUrl('demo', 'team', 'c 1')).toBe('/demo/team/talk/conversation/c%201');
  });
});
