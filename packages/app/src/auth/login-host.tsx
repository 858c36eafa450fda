/**
 * @module The app's one sign-in dialog (the site's and each embed's): loaded on first request,
 * signs the session in on verify.
 */
import type { VerifyEmailCodeResponse } from '@doppel/protocol';
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useRef } from 'react';
import { toast } from 'sonner';
import { useServices } from '../services';

const LoginDialog = lazy(() => import('./login-dialog'));

interface LoginHostProps {
  /** Whitelabel embeds ask for code mails without the product logo. */
  noLogo?: boolean;
  /** Inside an embed: the main site, where the legal links open in a new tab. */
  mainOrigin?: string;
  /**
   * Offer Google sign-in; by default as the site's session says (GET /api/me). An embed passes
   * its clone's feature narrowed by its whitelabel.
   */
  google?: boolean;
  /** Told of the verified answer before the session is signed in (the embed keeps the bearer token). */
  onVerified?: (answer: VerifyEmailCodeResponse) => void;
}

/** Renders the sign-in dialog whenever something asked for it (`services.login.open`). */
export function LoginHost({ noLogo = false, mainOrigin, google, onVerified }: LoginHostProps) {
  useSignals();
  const { login, session, api } = useServices();
  const { open, reason } = login.request.value;
  const requested = useRef(false);
  if (open) requested.current = true;
  if (!requested.current) return null;

  const verified = async (answer: VerifyEmailCodeResponse): Promise<void> => {
    onVerified?.(answer);
    login.close();
    toast.success(`Signed in as ${answer.user.email}`);
    await session.signedInWith(answer);
  };

  return (
    <Suspense fallback={null}>
      <LoginDialog
        open={open}
        onOpenChange={(next) => (next ? login.open(reason) : login.close())}
        reason={reason}
        noLogo={noLogo}
        google={google ?? session.googleSignIn.value}
        {...(mainOrigin ? { mainOrigin } : {})}
        api={api}
        onVerified={verified}
      />
    </Suspense>
  );
}
