/**
 * @module The Add to Home Screen instructions (spec/chat.md §2; issue 10 §12): the browser's own
 * install button when it offers one, and the steps for the visitor's device otherwise (iPhone and
 * iPad: Safari's Share menu; Android: Chrome's menu; a computer: the install icon in the address bar).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { DialogCloseButton, DialogDescription, DialogShell, DialogTitle } from '../components/dialog-shell';
import { installFromOffer, installOffer, type Platform, platformOf } from './install-prompt';
import './install.css';

const STEPS: Record<Platform, { name: string; steps: string[] }> = {
  ios: {
    name: 'iPhone or iPad',
    steps: [
      'Open this page in Safari.',
      'Tap the Share button (the square with an arrow pointing up).',
      'Scroll down and tap “Add to Home Screen”.',
      'Tap “Add”. Doppel opens from its icon, full screen.',
    ],
  },
  android: {
    name: 'Android',
    steps: [
      'Open this page in Chrome.',
      'Tap the menu (the three dots at the top right).',
      'Tap “Add to Home screen” or “Install app”.',
      'Confirm with “Install”.',
    ],
  },
  desktop: {
    name: 'a computer',
    steps: [
      'In Chrome or Edge, click the install icon at the right of the address bar.',
      'Or open the browser’s menu and choose “Install Doppel” (Chrome: Cast, save and share).',
      'Doppel opens in its own window, from your apps.',
    ],
  },
};

interface AddToHomeScreenProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export default function AddToHomeScreen({ open, onOpenChange }: AddToHomeScreenProps) {
  useSignals();
  const [platform] = useState(() => platformOf(navigator.userAgent, navigator.maxTouchPoints));
  const offer = installOffer.value;
  const { name, steps } = STEPS[platform];
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} className="dialog-content install-dialog">
      <div className="dialog-head">
        <DialogTitle className="dialog-title">Add to Home Screen</DialogTitle>
        <DialogCloseButton />
      </div>
      <DialogDescription className="dialog-description">
        Keep Doppel one tap away, like an app.
      </DialogDescription>
      {offer && (
        <button
          type="button"
          className="btn btn-primary install-now"
          onClick={() => void installFromOffer().then((accepted) => accepted && onOpenChange(false))}
        >
          Install Doppel
        </button>
      )}
      <h3 className="install-heading">{offer ? `Or, on ${name}` : `On ${name}`}</h3>
      <ol className="install-steps">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </DialogShell>
  );
}
