/** @module The sign-in dialog inside an embed: the site's dialog, its legal links on the main site. */
import LoginDialog, { type LoginDialogProps } from '../auth/login-dialog';
import { newTabUrl } from './embed-links';

export default function EmbedLoginDialog({
  mainOrigin,
  ...props
}: Omit<LoginDialogProps, 'linkHref'> & { mainOrigin: string }) {
  return <LoginDialog {...props} linkHref={(path) => newTabUrl(path, mainOrigin, null)} />;
}
