import { Link } from 'wouter';

/** The Doppel wordmark; links to /explore (spec/chat.md §2). */
export function Logo() {
  return (
    <Link href="/explore" className="logo" aria-label="Doppel — explore clones">
      <svg viewBox="0 0 28 28" aria-hidden="true" focusable="false">
        <circle cx="11" cy="14" r="8" fill="var(--accent)" />
        <circle cx="17" cy="14" r="8" fill="none" stroke="var(--text)" strokeWidth="2" />
      </svg>
      <span>Doppel</span>
    </Link>
  );
}
