import { UserIcon } from '../components/icons';
import { openLogin } from './login-request';

/** The header's sign-in control for a visitor: a user icon that opens the sign-in dialog. */
export function SignInButton() {
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label="Sign in"
      title="Sign in"
      aria-haspopup="dialog"
      onClick={() => openLogin()}
    >
      <UserIcon />
    </button>
  );
}
