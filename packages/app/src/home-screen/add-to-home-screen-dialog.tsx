/**
 * @module The Add to Home Screen instructions (spec/chat.md §2, issue 10 §12): the steps for this
 * device (iPhone and iPad, Android, a computer), the others a tap away, and a one-tap install
 * where the browser offers its own prompt.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { toast } from 'sonner';
import { DialogCloseButton, DialogDescription, DialogShell, DialogTitle } from '../components/dialog-shell';
import { type HomeScreenPlatform, homeScreenPlatform, runsFromHomeScreen } from './home-screen-platform';
import { installPrompt, promptInstall } from './install-prompt';
import './home-screen.css';

const PLATFORMS: { id: HomeScreenPlatform; label: string }[] = [
  { id: 'ios', label: 'iPhone & iPad' },
  { id: 'android', label: 'Android' },
  { id: 'desktop', label: 'Computer' },
];

const STEPS: Record<HomeScreenPlatform, string[]> = {
  ios: [
    'Open this page in Safari.',
    'Tap the Share button (the square with an arrow pointing up) in the toolbar.',
    'Scroll down and tap “Add to Home Screen”.',
    'Tap “Add”. Doppel appears on your home screen like an app.',
  ],
  android: [
    'Open this page in Chrome.',
    'Tap the menu (⋮) at the top right.',
    'Tap “Add to Home screen” or “Install app”.',
    'Tap “Install” or “Add”. Doppel appears on your home screen like an app.',
  ],
  desktop: [
    'Open this page in Chrome or Edge.',
    'Click the install icon at the right of the address bar, or open the browser menu and choose “Install Doppel…” (in Chrome: Cast, save and share → Install page as app).',
    'Click “Install”. Doppel opens in its own window and can be pinned to your dock or taskbar.',
  ],
};

export default function AddToHomeScreenDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  useSignals();
  const [platform, setPlatform] = useState<HomeScreenPlatform>(() =>
    homeScreenPlatform(navigator.userAgent, navigator.maxTouchPoints ?? 0),
  );
  const canPrompt = installPrompt.value !== null;
  const installed = runsFromHomeScreen();

  const install = async (): Promise<void> => {
    if (await promptInstall()) {
      toast.success('Doppel added to your home screen');
      onOpenChange(false);
    }
  };

  return (
    <DialogShell open={open} onOpenChange={onOpenChange} className="dialog-content home-screen-dialog">
      <div className="dialog-head">
        <DialogTitle className="dialog-title">Add to Home Screen</DialogTitle>
        <DialogCloseButton />
      </div>
      <DialogDescription className="dialog-description">
        {installed
          ? 'You are already using Doppel from your home screen.'
          : 'Keep Doppel one tap away: it opens full screen, like an app.'}
      </DialogDescription>
      {!installed && (
        <>
          {canPrompt && (
            <button
              type="button"
              className="btn btn-primary home-screen-install"
              onClick={() => void install()}
            >
              Install Doppel
            </button>
          )}
          <fieldset className="home-screen-tabs">
            <legend className="visually-hidden">Device</legend>
            {PLATFORMS.map((p) => (
              <button
                key={p.id}
                type="button"
                className={p.id === platform ? 'home-screen-tab is-active' : 'home-screen-tab'}
                aria-pressed={p.id === platform}
                onClick={() => setPlatform(p.id)}
              >
                {p.label}
              </button>
            ))}
          </fieldset>
          <ol
            className="home-screen-steps"
            aria-label={`Steps for ${PLATFORMS.find((p) => p.id === platform)?.label}`}
          >
            {STEPS[platform].map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </>
      )}
    </DialogShell>
  );
}
