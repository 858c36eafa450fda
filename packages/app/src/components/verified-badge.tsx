import { VerifiedIcon } from './icons';

/** The verified mark next to a clone's name. */
export function VerifiedBadge() {
  return (
    <span className="verified-badge" title="Verified" role="img" aria-label="Verified">
      <VerifiedIcon />
    </span>
  );
}
