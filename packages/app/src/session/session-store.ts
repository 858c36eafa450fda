/**
 * @module The signed-in state as signals: who the user is (GET /api/me on load, again after
 * sign-in and sign-out) and their relationships with clones. Components render it; the login
 * dialog, the account menu, the capture flow and the conversation controller call its intents.
 */
import type { MeResponse, Relationship, User, VerifyEmailCodeResponse } from '@doppel/protocol';
import { batch, computed, type ReadonlySignal, signal } from '@preact/signals-core';

/** Where the session comes from: the site's cookie (GET /api/me) or the embed's bearer token. */
export interface SessionApi {
  fetchSession(): Promise<MeResponse>;
  logout(): Promise<void>;
}

/** 'loading' until the first answer of GET /api/me; a failed fetch counts as signed out. */
export type SessionStatus = 'loading' | 'ready';

/** Told after a sign-in (login dialog or capture): claim the conversation, refresh usage. */
export type SignInListener = (user: User) => void;
/** Told after a sign-out. */
export type SignOutListener = () => void;

/** Creates the session of one app (the site, or one embed iframe). */
export function createSessionStore(api: SessionApi) {
  const user = signal<User | null>(null);
  const relationships = signal<Relationship[]>([]);
  const status = signal<SessionStatus>('loading');
  /** The deployment offers Google sign-in (GET /api/me says; DESIGN §2). */
  const googleSignIn = signal(false);
  const signedIn = computed(() => user.value !== null);
  const signInListeners = new Set<SignInListener>();
  const signOutListeners = new Set<SignOutListener>();
  let inflight: Promise<void> | null = null;
  let generation = 0;

  /** GET /api/me; concurrent calls share one request. */
  function refresh(): Promise<void> {
    if (inflight) return inflight;
    const token = ++generation;
    inflight = api
      .fetchSession()
      .then(
        (answer) => {
          if (token !== generation) return;
          batch(() => {
            user.value = answer.user;
            relationships.value = answer.relationships ?? [];
            if (answer.googleSignIn !== undefined) googleSignIn.value = answer.googleSignIn;
            status.value = 'ready';
          });
        },
        () => {
          // The server could not say: behave as signed out rather than hang on a placeholder.
          if (token !== generation) return;
          status.value = 'ready';
        },
      )
      .finally(() => {
        inflight = null;
      });
    return inflight;
  }

  /** A verified code signed the user in: show them at once, tell listeners, then re-read the session. */
  function signedInWith(answer: VerifyEmailCodeResponse): Promise<void> {
    generation += 1;
    inflight = null;
    batch(() => {
      user.value = answer.user;
      status.value = 'ready';
    });
    for (const listener of [...signInListeners]) listener(answer.user);
    return refresh();
  }

  /**
   * POST /api/logout; the user is gone locally only once the server has revoked the session,
   * then the session is read again.
   */
  async function signOut(): Promise<void> {
    await api.logout();
    generation += 1;
    inflight = null;
    batch(() => {
      user.value = null;
      relationships.value = [];
      status.value = 'ready';
    });
    for (const listener of [...signOutListeners]) listener();
    void refresh();
  }

  function onSignIn(listener: SignInListener): () => void {
    signInListeners.add(listener);
    return () => signInListeners.delete(listener);
  }

  function onSignOut(listener: SignOutListener): () => void {
    signOutListeners.add(listener);
    return () => signOutListeners.delete(listener);
  }

  return {
    user: user as ReadonlySignal<User | null>,
    relationships: relationships as ReadonlySignal<Relationship[]>,
    status: status as ReadonlySignal<SessionStatus>,
    googleSignIn: googleSignIn as ReadonlySignal<boolean>,
    signedIn,
    refresh,
    signedInWith,
    signOut,
    onSignIn,
    onSignOut,
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
