import type { Socials } from '@doppel/protocol';
import { lazy, Suspense, useRef, useState } from 'react';
import { LinkIcon } from './icons';

const SocialsDialog = lazy(() => import('./socials-dialog'));

/** Whether the clone has any social link worth the button. */
export function hasSocials(socials: Socials): boolean {
  const named = [
    socials.instagram,
    socials.linkedin,
    socials.twitter,
    socials.facebook,
    socials.youtube,
    socials.website,
  ];
  return named.some((v) => v?.trim()) || socials.extras.some((e) => e.url.trim());
}

/** The header's links button; opens the 'View Socials' dialog (loaded on first use). */
export function SocialsButton({ cloneName, socials }: { cloneName: string; socials: Socials }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!hasSocials(socials)) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-btn"
        aria-label="View socials"
        title="View socials"
        aria-haspopup="dialog"
        onPointerEnter={() => setLoaded(true)}
        onFocus={() => setLoaded(true)}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <LinkIcon />
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <SocialsDialog
            open={open}
            onOpenChange={setOpen}
            cloneName={cloneName}
            socials={socials}
            returnFocus={button.current}
          />
        </Suspense>
      )}
    </>
  );
}
