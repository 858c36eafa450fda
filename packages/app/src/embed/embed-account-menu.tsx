/** @module The signed-in account menu inside an embed: the site's menu, its pages on the main site. */
import type { User } from '@doppel/protocol';
import { AccountDropdown } from '../account/account-dropdown';
import { newTabUrl } from './embed-links';

interface EmbedAccountMenuProps {
  user: User;
  showAccountLinks: boolean;
  mainOrigin: string;
}

export default function EmbedAccountMenu({ user, showAccountLinks, mainOrigin }: EmbedAccountMenuProps) {
  return (
    <AccountDropdown
      user={user}
      hideAccountLinks={!showAccountLinks}
      newTabHref={(path) => newTabUrl(path, mainOrigin, user.email)}
    />
  );
}
