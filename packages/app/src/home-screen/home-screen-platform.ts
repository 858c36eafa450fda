/** @module Which Add to Home Screen steps fit this device (issue 10 §12). */
export type HomeScreenPlatform = 'ios' | 'android' | 'desktop';

/** From the browser's user agent and touch points: iPhone/iPad, Android, or a computer. */
export function homeScreenPlatform(userAgent: string, maxTouchPoints: number): HomeScreenPlatform {
  // iPadOS reports itself as a Mac; touch points tell them apart.
  if (/iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)) return 'ios';
  if (/Android/.test(userAgent)) return 'android';
  return 'desktop';
}

/** Whether the site already runs from the home screen (installed, standalone). */
export function runsFromHomeScreen(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true;
}
