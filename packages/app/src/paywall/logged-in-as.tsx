/** @module The paywall's and the upsell's footer: 'Logged in as {email}', which signs out (spec/calls.md §2). */
import { signOutWithToasts } from '../account/sign-out';
import { useServices } from '../services';

export function LoggedInAs({ email, onClose }: { email: string; onClose: () => void }) {
  const { session } = useServices();
  return (
    <p className="paywall-footer">
      <button
        type="button"
        className="link-button paywall-logout"
        title="Sign out"
        onClick={() => {
          onClose();
          void signOutWithToasts(session);
        }}
      >
        Logged in as {email}
      </button>
    </p>
  );
}
