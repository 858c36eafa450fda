/**
 * @module Stands in for `wouter` in the embed build (vite.config.ts, mode embed): the embed is one
 * screen with no client-side routes, so the few router pieces shared code asks for read the
 * iframe's own address. `Link` is a plain anchor (the embed's links are rewritten to open on the
 * main site before they get here).
 */
import type { AnchorHTMLAttributes } from 'react';

/** The path, and a navigate that replaces the address without a reload. */
export function useLocation(): [string, (to: string, options?: { replace?: boolean }) => void] {
  return [
    window.location.pathname,
    (to, options) => {
      if (options?.replace) window.history.replaceState(null, '', to);
      else window.history.pushState(null, '', to);
    },
  ];
}

/** The query string without the '?'. */
export function useSearch(): string {
  return window.location.search.replace(/^\?/, '');
}

/** A plain link. */
export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a {...props} />;
}
