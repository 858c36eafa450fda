import { Link } from 'wouter';
import { Avatar } from '../components/avatar';
import { profileUrl } from '../routes';

/** The talk header's "avatar name /" before the conversation's title, linking to the profile. */
export function CloneCrumb({
  slug,
  instanceSlug,
  name,
  imageUrl,
}: {
  slug: string;
  instanceSlug: string | null;
  name: string;
  imageUrl: string | null;
}) {
  return (
    <>
      <Link href={profileUrl(slug, instanceSlug)} className="talk-clone" aria-label={`${name} — profile`}>
        <Avatar name={name} imageUrl={imageUrl} size={28} />
        <span className="talk-clone-name">{name}</span>
      </Link>
      <span className="talk-divider" aria-hidden="true">
        /
      </span>
    </>
  );
}
