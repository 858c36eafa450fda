/** @module Which sign-in dialog is asked for, from anywhere in the app (header, paywall, + button). */
import { type ReadonlySignal, signal } from '@preact/signals-core';

export interface LoginRequest {
  open: boolean;
  /** A short line above the form saying why sign-in is asked for (e.g. the free messages are used). */
  reason: string | null;
}

/** The sign-in dialog's wanted state as a signal; the login host renders it. */
export interface LoginRequestStore {
  request: ReadonlySignal<LoginRequest>;
  /** Opens the sign-in dialog, optionally with the reason it is needed. */
  open(reason?: string | null): void;
  /** Closes the sign-in dialog. */
  close(): void;
}

/** Creates the sign-in request of one app. */
export function createLoginRequest(): LoginRequestStore {
  const request = signal<LoginRequest>({ open: false, reason: null });
  return {
    request,
    open(reason = null) {
      request.value = { open: true, reason };
    },
    close() {
      if (request.peek().open) request.value = { ...request.peek(), open: false };
    },
  };
}
