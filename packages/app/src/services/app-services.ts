/**
 * @module What an app (the site, or one embed iframe) is made of, created once at its entry and
 * handed down through context: the API client, the session, the sign-in request and each clone's
 * usage. Nothing here is module-global, so two apps (or two tests) never share state.
 */
import { type ApiClient, createApiClient, fetchSession, fetchUsage, logout } from '../api';
import { createLoginRequest, type LoginRequestStore } from '../auth/login-request';
import { createSessionStore, type SessionApi, type SessionStore } from '../session/session-store';
import { createUsageStore, type UsageStore } from '../session/usage-store';
import { type BotCheck, createBotCheck } from './bot-check';

export interface AppServices {
  api: ApiClient;
  session: SessionStore;
  login: LoginRequestStore;
  /** The full site's invisible bot check; null in an embed (exempt, spec/chat.md §6). */
  botCheck: BotCheck | null;
  /** The usage store of a clone (and instance), shared by its profile and talk pages. */
  usageFor(slug: string, instanceSlug: string | null): UsageStore;
}

export interface AppServicesOptions {
  /** The site's cookie-based client by default. */
  api?: ApiClient;
  /** The site's session (GET /api/me, POST /api/logout) by default. */
  sessionApi?: SessionApi;
  /** Pass the site's bot check with each send (true by default; embeds are exempt). */
  botCheck?: boolean;
}

/** Creates the services of one app. */
export function createAppServices(options: AppServicesOptions = {}): AppServices {
  const api = options.api ?? createApiClient();
  const sessionApi = options.sessionApi ?? {
    fetchSession: () => fetchSession(api),
    logout: () => logout(api),
  };
  const usageStores = new Map<string, UsageStore>();
  return {
    api,
    session: createSessionStore(sessionApi),
    login: createLoginRequest(),
    botCheck: options.botCheck === false ? null : createBotCheck(api),
    usageFor(slug, instanceSlug) {
      const key = `${slug}/${instanceSlug ?? ''}`;
      let store = usageStores.get(key);
      if (!store) {
        store = createUsageStore({
          slug,
          instanceSlug,
          fetchUsage: (s, i, onRetry) => fetchUsage(api, s, i, { onRetry }),
        });
        usageStores.set(key, store);
      }
      return store;
    },
  };
}
