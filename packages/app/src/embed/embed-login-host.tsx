/**
 * @module The embed's sign-in dialog: the site's dialog, loaded on first request, with the legal
 * links on the main site, no Google button (its sign-in needs the site's cookie, which a
 * third-party iframe does not get) and code mails without the logo when whitelabeled. A verified
 * code keeps the bearer token in the iframe's storage, then signs the session in.
 */
import type { VerifyEmailCodeResponse } from '@doppel/protocol';
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useRef } from 'react';
import { toast } from 'sonner';
import { closeLogin, loginRequest, openLogin } from '../auth/login-request';
import { session } from '../session';
import type { EmbedStorage } from './embed-storage';

const LoginDialog = lazy(() => import('./embed-login-dialog'));

interface EmbedLoginHostProps {
  storage: EmbedStorage;
  noLogo: boolean;
  /** The main site, where the legal pages open. */
  mainOrigin: string;
}

export function EmbedLoginHost({ storage, noLogo, mainOrigin }: EmbedLoginHostProps) {
  useSignals();
  const { open, reason } = loginRequest.value;
  const requested = useRef(false);
  if (open) requested.current = true;
  if (!requested.current) return null;

  const verified = async (answer: VerifyEmailCodeResponse): Promise<void> => {
    storage.setToken(answer.token);
    closeLogin();
    toast.success(`Signed in as ${answer.user.email}`);
    await session.signedInWith(answer);
  };

  return (
    <Suspense fallback={null}>
      <LoginDialog
        open={open}
        onOpenChange={(next) => (next ? openLogin(reason) : closeLogin())}
        reason={reason}
        googleSignIn={false}
        noLogo={noLogo}
        mainOrigin={mainOrigin}
        onVerified={verified}
      />
    </Suspense>
  );
}
