/**
 * @module The embed's links to the rest of the product (spec/calls.md §2): account and legal pages
 * open on the main site in a new tab (core `rewriteEmbedLink`, `representing` the signed-in user).
 * Only the lazily loaded account menu and sign-in dialog link out, so this loads with them.
 */
import { rewriteEmbedLink } from '@doppel/core';

/** The URL a link of the app opens in a new tab from the embed. */
export function newTabUrl(path: string, mainOrigin: string, email: string | null): string {
  const link = rewriteEmbedLink(path, { mainOrigin, email });
  return link.kind === 'newTab' ? link.url : `${mainOrigin.replace(/\/+$/, '')}${path}`;
}
