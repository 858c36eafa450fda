/**
 * @module Who is asking (DESIGN §4): the anonymous visitor and, when signed in, the user.
 *
 * Visitor: the `doppel_visitor` cookie (full site) or the `X-Doppel-Visitor` header (embeds),
 * checked by its signature. A request without a valid one gets a fresh visitor, used for this
 * request and handed back as an HttpOnly cookie and in the `X-Doppel-Visitor` response header.
 * Session: `Authorization: Bearer <token>` (embeds) or the `doppel_session` cookie; looked up
 * only when a route asks (`identity.user()`), once per request.
 */

import type { Db } from '@doppel/db';
import { SESSION_COOKIE, VISITOR_COOKIE, VISITOR_HEADER } from '@doppel/protocol';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { issueVisitorId, readVisitorId } from '../../auth/visitor-id';
import type { Clock } from '../../clock';
import type { UserRow } from '../../mappers/user';
import type { Owner } from '../../store/conversations';
import { findSessionUser } from '../../store/sessions';

/** Browsers keep a cookie at most 400 days; a visitor lasts a year. */
export const VISITOR_MAX_AGE_S = 365 * 24 * 60 * 60;

export interface Identity {
  /** The caller's visitor id (fresh when the request carried no valid one). */
  visitorId: string;
  /**
   * The request carried neither a visitor id nor a session token: a client that keeps no
   * identity (curl, scripts). Conversations it creates are opened by their id alone.
   */
  stateless: boolean;
  /**
   * The visitor id was issued by this request: the request carried none that is valid. Such a
   * caller has no usage to count against, so it may not send (issue 7 §5).
   */
  freshVisitor: boolean;
  /**
   * Where the request comes from: `embed` when it carries the visitor header or a bearer token
   * (how the embed iframe identifies itself, DESIGN §4), else `site` (the full site's cookies, or
   * nothing at all). The site's sends pass the bot check; embeds are exempt (spec/chat.md §6).
   */
  client: 'site' | 'embed';
  /** The session token the request carried, and where. */
  session: { token: string; from: 'bearer' | 'cookie' } | null;
  /** The signed-in user, or null (no token, revoked, expired, banned). */
  user(): Promise<UserRow | null>;
}

export interface AppEnv {
  Variables: { identity: Identity };
}

export interface IdentityOptions {
  db: Db;
  clock: Clock;
  authSecret: () => Promise<string>;
  /** Cookies get `Secure` when the site is served over https. */
  secureCookies: boolean;
}

/** `Authorization: Bearer <token>`, or null. */
export function bearerToken(c: Context): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1] ?? null;
}

export function identity(options: IdentityOptions) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const secret = await options.authSecret();
    const presented = [c.req.header(VISITOR_HEADER), getCookie(c, VISITOR_COOKIE)].filter(
      (value): value is string => value !== undefined && value !== '',
    );
    let visitorId: string | null = null;
    for (const token of presented) {
      visitorId ??= readVisitorId(secret, token);
    }
    const fresh = visitorId === null ? issueVisitorId(secret) : null;

    const bearer = bearerToken(c);
    const cookie = getCookie(c, SESSION_COOKIE);
    const session = bearer
      ? { token: bearer, from: 'bearer' as const }
      : cookie
        ? { token: cookie, from: 'cookie' as const }
        : null;
    let user: Promise<UserRow | null> | null = null;
    const header = c.req.header(VISITOR_HEADER);
    c.set('identity', {
      visitorId: visitorId ?? fresh?.id ?? '',
      client: bearer || (header !== undefined && header !== '') ? 'embed' : 'site',
      stateless: presented.length === 0 && session === null,
      freshVisitor: fresh !== null,
      session,
      user: () => {
        user ??= session
          ? findSessionUser(options.db, session.token, options.clock.now())
          : Promise.resolve(null);
        return user;
      },
    });
    await next();
    if (fresh) {
      setCookie(c, VISITOR_COOKIE, fresh.token, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: options.secureCookies,
        path: '/',
        maxAge: VISITOR_MAX_AGE_S,
      });
      c.header(VISITOR_HEADER, fresh.token);
    }
  });
}

/** The identity the middleware resolved; a route mounted without it is a programming error. */
export function identityOf<E extends AppEnv>(c: Context<E>): Identity {
  const found: Identity | undefined = c.get('identity');
  if (!found) throw new Error(`${c.req.path} is mounted without the identity middleware`);
  return found;
}

/**
 * The caller as an owner of conversations: the signed-in user, else the visitor (or a client
 * with no identity at all). Routes that read or write the caller's own things start here.
 */
export async function ownerOf<E extends AppEnv>(c: Context<E>): Promise<Owner> {
  const identity = identityOf(c);
  const user = await identity.user();
  return { userId: user?.id ?? null, visitorId: identity.visitorId, stateless: identity.stateless };
}
