/**
 * @module The browser's own install prompt (Chromium's `beforeinstallprompt`), kept from the page's
 * start so the Add to Home Screen screen can offer a one-tap install where the browser allows it.
 */
import { type ReadonlySignal, signal } from '@preact/signals-core';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const deferred = signal<InstallPromptEvent | null>(null);

/** The prompt the browser offered, while it can still be shown. */
export const installPrompt: ReadonlySignal<InstallPromptEvent | null> = deferred;

const isInstallPrompt = (event: Event): event is InstallPromptEvent =>
  'prompt' in event && typeof event.prompt === 'function';

/** Listens once, at the site's start, for the browser's install prompt (kept, not shown). */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    if (!isInstallPrompt(event)) return;
    event.preventDefault();
    deferred.value = event;
  });
  window.addEventListener('appinstalled', () => {
    deferred.value = null;
  });
}

/** Shows the browser's install prompt; answers whether the person installed the app. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred.peek();
  if (!event) return false;
  deferred.value = null;
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}
