/**
 * @module The sign-in dialog (spec/chat.md §2, §4): an intro step (e-mail form, disclaimer), then a
 * code step once the code is sent; back to the intro after verification. Reused inside the embed
 * iframe (its legal links then open on the main site). The Google button shows only where the
 * deployment offers Google sign-in (DESIGN §2) and the embed is not whitelabeled (core
 * `embedWhitelabel`); it signs in in a window of its own (google-sign-in.ts).
 */
import { normaliseOtp, validateEmail } from '@doppel/core';
import {
  CODE_RESENT,
  GOOGLE_SIGN_IN_FAILED,
  SEND_CODE_FAILED,
  VERIFY_CODE_FAILED,
  type VerifyEmailCodeResponse,
} from '@doppel/protocol';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { type ApiClient, sendEmailCode, statusOf, verifyEmailCode } from '../api';
import { DialogCloseButton, DialogDescription, DialogShell, DialogTitle } from '../components/dialog-shell';
import { ArrowLeftIcon, GoogleIcon } from '../components/icons';
import { useFocusOnMount } from '../components/use-focus-on-mount';
import { newTabUrl } from '../embed/embed-links';
import { FREE_MESSAGES_USED } from '../paywall/create-paywall';
import { openGoogleSignIn } from './google-sign-in';
import './login.css';

export interface LoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Why sign-in is asked for, shown above the form. */
  reason?: string | null;
  /** Whitelabel embeds ask for a code mail without the product logo. */
  noLogo?: boolean;
  /** Inside an embed: the main site, where the disclaimer's legal links open (spec/calls.md §2). */
  mainOrigin?: string;
  /** Offer "Continue with Google" (the deployment has it and no whitelabel hides it). */
  google?: boolean;
  /** Called with the verified answer; the dialog then resets to the intro and closes. */
  onVerified: (answer: VerifyEmailCodeResponse) => void | Promise<void>;
  api: ApiClient;
}

type Step = { name: 'intro' } | { name: 'code'; email: string };

/** The browser refused to open the Google window. */
export const POPUP_BLOCKED =
  'Your browser blocked the Google window. Allow pop-ups for this site, or continue with your e-mail.';

export default function LoginDialog({
  open,
  onOpenChange,
  reason,
  noLogo = false,
  mainOrigin,
  google = false,
  onVerified,
  api,
}: LoginDialogProps) {
  const linkHref = (path: string): string => (mainOrigin ? newTabUrl(path, mainOrigin, null) : path);
  const [step, setStep] = useState<Step>({ name: 'intro' });
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  // The Google window's listener; it stops when the dialog goes or another window is opened.
  const stopGoogle = useRef<(() => void) | null>(null);
  useEffect(() => () => stopGoogle.current?.(), []);

  const signInWithGoogle = () => {
    stopGoogle.current?.();
    stopGoogle.current = openGoogleSignIn({
      onSignedIn: (answer) => {
        stopGoogle.current = null;
        setStep({ name: 'intro' });
        setEmail('');
        void onVerified(answer);
      },
      onFailed: (error) => {
        stopGoogle.current = null;
        toast.error(error || GOOGLE_SIGN_IN_FAILED);
      },
    });
    if (!stopGoogle.current) toast.error(POPUP_BLOCKED);
  };

  /** Sends the code; answers whether it went, else the reason to show under the field. */
  const sendCode = async (
    address: string,
    resend: boolean,
  ): Promise<{ sent: boolean; fieldError: string | null }> => {
    setSending(true);
    try {
      await sendEmailCode(api, address, noLogo);
      if (resend) toast.success(CODE_RESENT);
      return { sent: true, fieldError: null };
    } catch (error) {
      // One error, under the field, where the visitor is looking (issue 9 §7: no toast besides).
      return { sent: false, fieldError: serverText(error, SEND_CODE_FAILED) };
    } finally {
      setSending(false);
    }
  };

  return (
    <DialogShell open={open} onOpenChange={onOpenChange} className="dialog-content login-dialog">
      {/* The title shares the row of the back and close buttons: no empty row above it. */}
      <div className="dialog-head login-head">
        {step.name === 'code' && (
          <button
            type="button"
            className="icon-btn"
            aria-label="Back"
            onClick={() => setStep({ name: 'intro' })}
          >
            <ArrowLeftIcon />
          </button>
        )}
        <DialogTitle className="login-title">
          {step.name === 'code'
            ? 'Check your e-mail'
            : reason === FREE_MESSAGES_USED
              ? 'Sign in to keep talking'
              : 'Sign in'}
        </DialogTitle>
        <DialogCloseButton />
      </div>
      {step.name === 'intro' ? (
        <IntroStep
          email={email}
          onEmailChange={setEmail}
          reason={reason ?? null}
          sending={sending}
          linkHref={linkHref}
          {...(google ? { onGoogle: signInWithGoogle } : {})}
          onSubmit={async (address) => {
            const result = await sendCode(address, false);
            if (result.sent) setStep({ name: 'code', email: address });
            return result.fieldError;
          }}
        />
      ) : (
        <CodeStep
          email={step.email}
          api={api}
          resending={sending}
          onResend={async () => (await sendCode(step.email, true)).fieldError}
          onVerified={async (answer) => {
            setStep({ name: 'intro' });
            setEmail('');
            await onVerified(answer);
          }}
        />
      )}
    </DialogShell>
  );
}

interface IntroStepProps {
  email: string;
  onEmailChange: (email: string) => void;
  reason: string | null;
  sending: boolean;
  linkHref: (path: string) => string;
  /** Signs in with Google; absent when the button is not offered. */
  onGoogle?: () => void;
  /** Sends the code; answers the text to show under the field when the server refused the address. */
  onSubmit: (email: string) => Promise<string | null>;
}

function IntroStep({ email, onEmailChange, reason, sending, linkHref, onGoogle, onSubmit }: IntroStepProps) {
  const id = useId();
  const [touched, setTouched] = useState(email !== '');
  const [serverError, setServerError] = useState<string | null>(null);
  const emailField = useFocusOnMount<HTMLInputElement>();
  // spec/chat.md §5: validated on change; submit disabled when invalid or pending.
  const check = validateEmail(email);
  const fieldError = serverError ?? (touched && !check.ok ? check.error : null);

  return (
    <>
      <DialogDescription className="dialog-description">
        {reason ??
          (onGoogle
            ? 'Continue with Google, or with your e-mail and a six-digit code. No password needed.'
            : 'Enter your e-mail and we will send you a six-digit code. No password needed.')}
      </DialogDescription>
      {onGoogle && (
        <>
          <button type="button" className="btn btn-secondary login-google" onClick={onGoogle}>
            <GoogleIcon className="login-google-icon" />
            Continue with Google
          </button>
          <p className="login-or" aria-hidden="true">
            or
          </p>
        </>
      )}
      <form
        className="login-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!check.ok || sending) return;
          setServerError(null);
          void onSubmit(check.email).then(setServerError);
        }}
      >
        <label htmlFor={`${id}-email`} className="field-label">
          E-mail
        </label>
        <input
          id={`${id}-email`}
          // The dialog exists to take this address: it has focus when the dialog opens.
          ref={emailField}
          className="field-input"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          value={email}
          aria-invalid={fieldError !== null}
          aria-describedby={fieldError ? `${id}-error` : undefined}
          onChange={(event) => {
            onEmailChange(event.target.value);
            setTouched(true);
            setServerError(null);
          }}
        />
        {fieldError && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {fieldError}
          </p>
        )}
        <button type="submit" className="btn btn-primary login-submit" disabled={!check.ok || sending}>
          {sending ? 'Sending code…' : 'Continue with e-mail'}
        </button>
      </form>
      <p className="login-disclaimer">
        By continuing you agree to our{' '}
        <a href={linkHref('/terms-of-use')} target="_blank" rel="noopener">
          Terms of Use
        </a>{' '}
        and{' '}
        <a href={linkHref('/privacy-policy')} target="_blank" rel="noopener">
          Privacy Policy
        </a>
        .
      </p>
    </>
  );
}

interface CodeStepProps {
  email: string;
  api: ApiClient;
  resending: boolean;
  /** Sends the code again; answers the error to show, or null. */
  onResend: () => Promise<string | null>;
  onVerified: (answer: VerifyEmailCodeResponse) => Promise<void>;
}

function CodeStep({ email, api, resending, onResend, onVerified }: CodeStepProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const field = useFocusOnMount<HTMLInputElement>();

  const verify = async (raw: string): Promise<void> => {
    if (verifying) return;
    // spec/chat.md §5: hyphens removed, exactly six digits.
    const check = normaliseOtp(raw);
    if (!check.ok) {
      setError(check.error);
      return;
    }
    setError(null);
    setVerifying(true);
    let answer: VerifyEmailCodeResponse;
    try {
      answer = await verifyEmailCode(api, email, check.code);
    } catch (failure) {
      // One error, under the field; the field keeps focus for the next try (issue 9 §7).
      setError(serverText(failure, VERIFY_CODE_FAILED));
      setVerifying(false);
      field.current?.focus();
      field.current?.select();
      return;
    }
    await onVerified(answer);
  };

  return (
    <>
      <DialogDescription className="dialog-description">
        We sent a six-digit code to <strong>{email}</strong>. It expires in 10 minutes.
      </DialogDescription>
      <form
        className="login-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void verify(code);
        }}
      >
        <label htmlFor={`${id}-code`} className="field-label">
          Code
        </label>
        <input
          id={`${id}-code`}
          // The code step exists to take this code: it has focus when the step shows.
          className="field-input login-code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9-]*"
          maxLength={12}
          placeholder="123456"
          ref={field}
          value={code}
          // Read-only, not disabled, while the code is checked: a disabled field would drop focus.
          readOnly={verifying}
          aria-busy={verifying}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            const next = event.target.value;
            setCode(next);
            setError(null);
            // A pasted or autofilled code signs in at once.
            if (normaliseOtp(next).ok) void verify(next);
          }}
        />
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary login-submit" disabled={verifying}>
          {verifying ? 'Verifying…' : 'Verify'}
        </button>
      </form>
      <p className="login-resend">
        Didn't get it?{' '}
        <button
          type="button"
          className="link-button"
          disabled={resending}
          onClick={() => {
            setError(null);
            void onResend().then((failed) => failed && setError(failed));
          }}
        >
          {resending ? 'Sending…' : 'Send code again'}
        </button>
      </p>
    </>
  );
}

/** The server's reason when it refused the request, else the spec's generic text. */
function serverText(error: unknown, fallback: string): string {
  const status = statusOf(error);
  const refused = status >= 400 && status < 500 && status !== 404 && status !== 405;
  return refused && error instanceof Error ? error.message : fallback;
}
