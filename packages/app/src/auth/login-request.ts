/** @module Which sign-in dialog is asked for, from anywhere in the app (header, paywall, + button). */
import { type ReadonlySignal, signal } from '@preact/signals-react';

export interface LoginRequest {
  open: boolean;
  /** A short line above the form saying why sign-in is asked for (e.g. the free messages are used). */
  reason: string | null;
}

const request = signal<LoginRequest>({ open: false, reason: null });

/** The sign-in dialog's wanted state; the login host renders it. */
export const loginRequest: ReadonlySignal<LoginRequest> = request;

/** Opens the sign-in dialog, optionally with the reason it is needed. */
export function openLogin(reason: string | null = null): void {
  request.value = { open: true, reason };
}

/** Closes the sign-in dialog. */
export function closeLogin(): void {
  if (request.peek().open) request.value = { ...request.peek(), open: false };
}

/** Forgets the request (tests). */
export function resetLoginRequest(): void {
  request.value = { open: false, reason: null };
}
