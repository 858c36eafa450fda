/**
 * @module The first path segments that belong to the product, never to a clone (a clone lives at
 * /{slug}): one list for the app's router, the brain's clone-folder check and the server's static
 * routing.
 */

/**
 * Who answers a reserved segment: the server itself (`server`: the API, the built assets, the
 * embed iframe) or a page of the site (`site`: spec/chat.md §2 and spec/calls.md §2 routes).
 */
export type ReservedSlugOwner = 'server' | 'site';

/** Each reserved first segment and who answers it. */
export const RESERVED_SLUG_OWNERS: Readonly<Record<string, ReservedSlugOwner>> = {
  api: 'server',
  assets: 'server',
  embed: 'server',
  explore: 'site',
  'terms-of-use': 'site',
  'privacy-policy': 'site',
  studio: 'site',
  profile: 'site',
  billing: 'site',
  actions: 'site',
  memberships: 'site',
};

/** Slugs no clone may take: every reserved first segment. */
export const RESERVED_SLUGS: readonly string[] = Object.keys(RESERVED_SLUG_OWNERS);

/** Whether `segment` is taken by the product (so it cannot name a clone). */
export function isReservedSlug(segment: string): boolean {
  return Object.hasOwn(RESERVED_SLUG_OWNERS, segment);
}
