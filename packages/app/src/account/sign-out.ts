import { toast } from 'sonner';
import type { SessionStore } from '../session';

/** Signs out with the spec's toasts: 'Logging out...', then 'You are logged out!' or 'Failed to log out'. */
export async function signOutWithToasts(session: SessionStore): Promise<boolean> {
  const id = toast.loading('Logging out...');
  try {
    await session.signOut();
    toast.success('You are logged out!', { id });
    return true;
  } catch {
    toast.error('Failed to log out', { id });
    return false;
  }
}
