/** @module The site's routes (spec/chat.md §2) parsed from a path, and the URLs that lead to them. */
import { isReservedSlug } from '@doppel/protocol';

export type AppRoute =
  | { name: 'home' }
  | { name: 'explore' }
  | { name: 'legal'; page: 'terms' | 'privacy' }
  | { name: 'account'; page: AccountPage }
  | { name: 'profile'; slug: string; instanceSlug: string | null }
  | { name: 'talk'; slug: string; instanceSlug: string | null; conversationId: string | null }
  | { name: 'shared'; slug: string; instanceSlug: string | null; shareId: string }
  | { name: 'call'; slug: string; instanceSlug: string | null }
  | { name: 'video'; slug: string; instanceSlug: string | null }
  | { name: 'sharedCall'; slug: string; instanceSlug: string | null; shareId: string }
  | { name: 'studioQuestions'; slug: string }
  | { name: 'memberships'; slug: string; instanceSlug: string | null }
  | { name: 'notFound' };

/** The signed-in user's pages, linked from the account menu (spec/calls.md §2). */
export type AccountPage = 'profile' | 'billing' | 'actions';
const ACCOUNT_PAGES: ReadonlySet<string> = new Set<AccountPage>(['profile', 'billing', 'actions']);
const isAccountPage = (segment: string): segment is AccountPage => ACCOUNT_PAGES.has(segment);

/** Second segments that name a page of the clone, never an instance. */
const CLONE_PAGES = new Set(['talk', 'call', 'video']);

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Reads the route from a path (without query). */
export function parseRoute(path: string): AppRoute {
  const segments = path
    .split('/')
    .filter((s) => s !== '')
    .map(decode);
  if (segments.some((s) => s === null)) return { name: 'notFound' };
  const parts = segments as string[];
  const [first, ...rest] = parts;
  if (first === undefined) return { name: 'home' };
  if (rest.length === 0) {
    if (first === 'explore') return { name: 'explore' };
    if (first === 'terms-of-use') return { name: 'legal', page: 'terms' };
    if (first === 'privacy-policy') return { name: 'legal', page: 'privacy' };
    if (isAccountPage(first)) return { name: 'account', page: first };
  }
  // spec/calls.md §2: the membership page on the billing host, /memberships/{instanceSlug@cloneSlug | cloneSlug}.
  if (first === 'memberships' && rest.length === 1 && rest[0]) {
    const target = parseMembershipsTarget(rest[0]);
    return target ? { name: 'memberships', ...target } : { name: 'notFound' };
  }
  if (first === 'studio' && rest.length === 3 && rest[1] === 'build' && rest[2] === 'questions') {
    return { name: 'studioQuestions', slug: rest[0] ?? '' };
  }
  // The product's own first segments (protocol RESERVED_SLUGS) never name a clone.
  if (isReservedSlug(first)) return { name: 'notFound' };
  const slug = first;
  let instanceSlug: string | null = null;
  let tail = rest;
  if (tail[0] !== undefined && !CLONE_PAGES.has(tail[0])) {
    instanceSlug = tail[0];
    tail = tail.slice(1);
  }
  if (tail.length === 0) return { name: 'profile', slug, instanceSlug };
  if (tail[0] === 'talk') {
    if (tail.length === 1) return { name: 'talk', slug, instanceSlug, conversationId: null };
    if (tail.length === 3 && tail[1] === 'conversation' && tail[2] !== 'shared') {
      return { name: 'talk', slug, instanceSlug, conversationId: tail[2] ?? null };
    }
    if (tail.length === 4 && tail[1] === 'conversation' && tail[2] === 'shared' && tail[3]) {
      return { name: 'shared', slug, instanceSlug, shareId: tail[3] };
    }
  }
  // spec/calls.md §2: /{slug}/video, the video call screen.
  if (tail[0] === 'video' && tail.length === 1) return { name: 'video', slug, instanceSlug };
  if (tail[0] === 'call') {
    if (tail.length === 1) return { name: 'call', slug, instanceSlug };
    // spec/calls.md §2: a call's transcript is its conversation, read on the talk page.
    if (tail.length === 2 && tail[1] !== 'shared') {
      return { name: 'talk', slug, instanceSlug, conversationId: tail[1] ?? null };
    }
    // spec/calls.md §2: /{slug}/call/shared/{sharedId}, the shared call page.
    if (tail.length === 3 && tail[1] === 'shared' && tail[2]) {
      return { name: 'sharedCall', slug, instanceSlug, shareId: tail[2] };
    }
  }
  return { name: 'notFound' };
}

/** 'instance@clone' or 'clone' → the clone's slug and the instance's (null when none). */
export function parseMembershipsTarget(target: string): { slug: string; instanceSlug: string | null } | null {
  const at = target.indexOf('@');
  if (at === -1) return target ? { slug: target, instanceSlug: null } : null;
  const instanceSlug = target.slice(0, at);
  const slug = target.slice(at + 1);
  if (!instanceSlug || !slug || slug.includes('@')) return null;
  return { slug, instanceSlug };
}

const enc = encodeURIComponent;

/**
 * /memberships/{instanceSlug@cloneSlug | cloneSlug}: a clone's membership page (spec/calls.md §2),
 * with the embed's stored `token` when it is opened from an embed.
 */
export function membershipsUrl(slug: string, instanceSlug?: string | null, token?: string | null): string {
  const target = instanceSlug ? `${enc(instanceSlug)}@${enc(slug)}` : enc(slug);
  return `/memberships/${target}${token ? `?${new URLSearchParams({ token }).toString()}` : ''}`;
}
const base = (slug: string, instanceSlug?: string | null): string =>
  instanceSlug ? `/${enc(slug)}/${enc(instanceSlug)}` : `/${enc(slug)}`;

/** /{slug} or /{slug}/{instanceSlug} */
export function profileUrl(slug: string, instanceSlug?: string | null): string {
  return base(slug, instanceSlug);
}

/** /{slug}/talk, optionally with the starting `message`. */
export function talkUrl(slug: string, instanceSlug?: string | null, message?: string): string {
  const url = `${base(slug, instanceSlug)}/talk`;
  return message ? `${url}?${new URLSearchParams({ message }).toString()}` : url;
}

/** /{slug}/talk/conversation/{id} */
export function conversationUrl(slug: string, instanceSlug: string | null | undefined, id: string): string {
  return `${base(slug, instanceSlug)}/talk/conversation/${enc(id)}`;
}

/** /{slug}/talk/conversation/shared/{shareId}: the read-only view of a shared conversation. */
export function sharedConversationUrl(
  slug: string,
  instanceSlug: string | null | undefined,
  shareId: string,
): string {
  return `${base(slug, instanceSlug)}/talk/conversation/shared/${enc(shareId)}`;
}

/** /{slug}/call/shared/{shareId}: a shared call's transcript (spec/calls.md §2). */
export function sharedCallUrl(
  slug: string,
  instanceSlug: string | null | undefined,
  shareId: string,
): string {
  return `${base(slug, instanceSlug)}/call/shared/${enc(shareId)}`;
}

/** /{slug}/call or /{slug}/video (spec/calls.md). */
export function callUrl(
  slug: string,
  instanceSlug: string | null | undefined,
  kind: 'call' | 'video',
): string {
  return `${base(slug, instanceSlug)}/${kind}`;
}

/** /studio/{slug}/build/questions: where creators edit suggested questions (opened in a new tab). */
export function studioQuestionsUrl(slug: string): string {
  return `/studio/${enc(slug)}/build/questions`;
}
