import type { CloneProfile } from '@doppel/protocol';
import { useState } from 'react';
import { AlertIcon, CloseIcon } from './icons';

/** localStorage key of a dismissed warning; one per clone slug (spec/chat.md §2). */
export const warningDismissedKey = (slug: string): string => `doppel:warning-dismissed:${slug}`;

function readDismissed(slug: string): boolean {
  try {
    return localStorage.getItem(warningDismissedKey(slug)) === '1';
  } catch {
    return false;
  }
}

/** The text of the clone's warning: the creator's own words, or the default reminder. */
export function warningText(clone: Pick<CloneProfile, 'name' | 'options'>): string {
  const custom = clone.options.customWarning?.trim();
  return custom
    ? custom
    : `You are talking to an AI clone of ${clone.name}. Answers are generated from their content and may contain mistakes.`;
}

/**
 * The dismissible warning banner, shown when the clone's `warning` option is on; once
 * dismissed it stays hidden for that clone slug.
 */
export function WarningBanner({ clone }: { clone: Pick<CloneProfile, 'slug' | 'name' | 'options'> }) {
  const [dismissed, setDismissed] = useState(() => readDismissed(clone.slug));
  if (!clone.options.warning || dismissed) return null;
  const dismiss = (): void => {
    setDismissed(true);
    try {
      localStorage.setItem(warningDismissedKey(clone.slug), '1');
    } catch {
      // Storage unavailable (private mode): dismissed for this visit only.
    }
  };
  return (
    <section className="warning-banner" aria-label="Notice">
      <AlertIcon />
      <p>{warningText(clone)}</p>
      <button type="button" className="icon-btn icon-btn-sm" aria-label="Dismiss notice" onClick={dismiss}>
        <CloseIcon />
      </button>
    </section>
  );
}
