/** @module The site's one sign-in dialog: loaded on first request, signs the session in on verify. */
import type { VerifyEmailCodeResponse } from '@doppel/protocol';
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useRef } from 'react';
import { toast } from 'sonner';
import { session } from '../session';
import { closeLogin, loginRequest, openLogin } from './login-request';

const LoginDialog = lazy(() => import('./login-dialog'));

/** Renders the sign-in dialog whenever something asked for it (`openLogin`). */
export function LoginHost() {
  useSignals();
  const { open, reason } = loginRequest.value;
  const requested = useRef(false);
  if (open) requested.current = true;
  if (!requested.current) return null;

  const verified = async (answer: VerifyEmailCodeResponse): Promise<void> => {
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
        googleSignIn={session.googleSignIn.value}
        onGoogle={() => {
          const back = window.location.pathname + window.location.search;
          window.location.assign(`/api/auth/google?redirect=${encodeURIComponent(back)}`);
        }}
        onVerified={verified}
      />
    </Suspense>
  );
}
