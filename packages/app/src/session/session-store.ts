/**
 * @module The signed-in state as signals: who the user is (GET /api/me on load, again after
 * sign-in and sign-out), their relationships with clones, and whether Google sign-in is offered.
 * Components render it; the login dialog, the account menu and the capture flow call its intents.
 */
import type { Relationship, User, VerifyEmailCodeResponse } from '@doppel/protocol';
import { batch, computed, type ReadonlySignal, signal } from '@preact/signals-react';
import type { SessionAnswer } from '../api';

/** The calls the session makes; `src/api` in the app, fakes in tests. */
export interface SessionApi {
  fetchSession(): Promise<SessionAnswer>;
  logout(): Promise<void>;
}

/** 'loading' until the first answer of GET /api/me; a failed fetch counts as signed out. */
export type SessionStatus = 'loading' | 'ready';

/** Told after a sign-in (login dialog or capture): claim the conversation, refresh usage. */
export type SignInListener = (user: User) => void;
/** Told after a sign-out. */
export type SignOutListener = () => void;

export function createSessionStore(api: SessionApi) {
  const user = signal<User | null>(null);
  const relationships = signal<Relationship[]>([]);
  const googleSignIn = signal(false);
  const status = signal<SessionStatus>('loading');
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
            googleSignIn.value = answer.googleSignIn;
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

  /** Back to the state before the first fetch (tests). */
  function reset(): void {
    generation += 1;
    inflight = null;
    signInListeners.clear();
    signOutListeners.clear();
    batch(() => {
      user.value = null;
      relationships.value = [];
      googleSignIn.value = false;
      status.value = 'loading';
    });
  }

  return {
    user: user as ReadonlySignal<User | null>,
    relationships: relationships as ReadonlySignal<Relationship[]>,
    googleSignIn: googleSignIn as ReadonlySignal<boolean>,
    status: status as ReadonlySignal<SessionStatus>,
    signedIn,
    refresh,
    signedInWith,
    signOut,
    onSignIn,
    onSignOut,
    reset,
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
