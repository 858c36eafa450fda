/**
 * @module "Add to Home Screen" (issue 10 §12): a quiet link-style button that opens the
 * instructions, hidden when the site already runs from the home screen.
 */
import { lazy, Suspense, useState } from 'react';
import { runningInstalled } from './install-prompt';

const AddToHomeScreen = lazy(() => import('./add-to-home-screen'));

export function AddToHomeScreenButton({ className = 'link-button' }: { className?: string }) {
  const [state, setState] = useState<'never' | 'open' | 'closed'>('never');
  if (runningInstalled()) return null;
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setState('open')}>
        Add to Home Screen
      </button>
      {state !== 'never' && (
        <Suspense fallback={null}>
          <AddToHomeScreen
            open={state === 'open'}
            onOpenChange={(open) => setState(open ? 'open' : 'closed')}
          />
        </Suspense>
      )}
    </>
  );
}
