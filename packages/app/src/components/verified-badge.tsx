import { VerifiedIcon } from './icons';

/**
 * The verified mark next to a clone's name: an image named "Verified creator", placed beside the
 * name's heading rather than inside it, so the heading reads as the name alone (issue 9 §17).
 */
export function VerifiedBadge() {
  return (
    <span className="verified-badge" title="Verified creator" role="img" aria-label="Verified creator">
      <VerifiedIcon />
    </span>
  );
}
