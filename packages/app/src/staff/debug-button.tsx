/** @module The staff's Debug action under a message (spec/chat.md §2, §6); loaded for staff only. */
import { lazy, Suspense, useState } from 'react';
import { Svg } from '../components/icons';

const DebugDialog = lazy(() => import('./debug-dialog'));

/** A bug: debugging. */
const BugIcon = () => (
  <Svg>
    <rect x="8" y="6" width="8" height="14" rx="4" />
    <path d="M12 10v10M8 12H4M20 12h-4M8 17l-3 2M16 17l3 2M9 7 7 4M15 7l2-3" />
  </Svg>
);

export default function DebugButton({ messageId }: { messageId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="icon-btn icon-btn-sm"
        aria-label="Debug message"
        title="Debug"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <BugIcon />
      </button>
      {open && (
        <Suspense fallback={null}>
          <DebugDialog messageId={messageId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
