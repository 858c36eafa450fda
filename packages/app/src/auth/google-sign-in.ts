/**
 * @module Google sign-in from the sign-in dialog (spec/chat.md §2): the provider's pages open in
 * a window of their own (they refuse to be framed, and the embed lives in an iframe); the window
 * ends on the server's page, which posts the result back to this window. Only a message from that
 * window, on this origin, in the protocol's shape counts.
 */
import { GoogleSignInResult, type VerifyEmailCodeResponse } from '@doppel/protocol';

export const GOOGLE_START_PATH = '/api/auth/google/start';

export interface GoogleSignInHandlers {
  onSignedIn(answer: VerifyEmailCodeResponse): void;
  /** The reason to show ('Failed to login or sign-up.', or the address rule that refused it). */
  onFailed(error: string): void;
}

/**
 * Opens the sign-in window and listens for its result; answers a function that stops listening,
 * or null when the browser blocked the window.
 */
export function openGoogleSignIn(handlers: GoogleSignInHandlers, win: Window = window): (() => void) | null {
  const popup = win.open(GOOGLE_START_PATH, 'doppel-google-sign-in', 'popup,width=480,height=640');
  if (!popup) return null;
  const listen = (event: MessageEvent) => {
    if (event.origin !== win.location.origin || event.source !== popup) return;
    const result = GoogleSignInResult.safeParse(event.data);
    if (!result.success) return;
    stop();
    if (result.data.ok) handlers.onSignedIn({ token: result.data.token, user: result.data.user });
    else handlers.onFailed(result.data.error);
  };
  const stop = () => win.removeEventListener('message', listen);
  win.addEventListener('message', listen);
  return stop;
}
