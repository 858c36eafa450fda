/**
 * @module Add to Home Screen (spec/chat.md §2; issue 10 §12): the browser's own install offer,
 * kept when it comes (Chromium fires `beforeinstallprompt` once the manifest qualifies), and which
 * platform's instructions to show when there is none.
 */
import { signal } from '@preact/signals-core';

/** Chromium's install event (not in the DOM's types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The browser's install offer, while it stands. */
export const installOffer = signal<InstallPromptEvent | null>(null);

/** Listens for the offer from the page's start (it can come before the dialog is ever opened). */
export function listenForInstallOffer(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installOffer.value = event as InstallPromptEvent;
  });
  target.addEventListener('appinstalled', () => {
    installOffer.value = null;
  });
}

/** Shows the browser's install dialog; true when the visitor accepted. */
export async function installFromOffer(): Promise<boolean> {
  const offer = installOffer.peek();
  if (!offer) return false;
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  installOffer.value = null;
  return outcome === 'accepted';
}

export type Platform = 'ios' | 'android' | 'desktop';

/** Which instructions fit the visitor's device, read from its user agent. */
export function platformOf(userAgent: string, touchPoints = 0): Platform {
  // iPadOS reports itself as a Mac with touch.
  if (/iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && touchPoints > 1)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'desktop';
}

/** Already opened from the home screen: nothing to add. */
export function runningInstalled(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches === true;
}
