import { UserIcon } from '../components/icons';
import { useServices } from '../services';

/** The header's sign-in control for a visitor: a user icon that opens the sign-in dialog. */
export function SignInButton() {
  const { login } = useServices();
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label="Sign in"
      title="Sign in"
      aria-haspopup="dialog"
      onClick={() => login.open()}
    >
      <UserIcon />
    </button>
  );
}
