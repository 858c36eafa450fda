import { useSignals } from '@preact/signals-react/runtime';
import { useServices } from '../services';

/**
 * The staff toolbar (spec/chat.md §6): a slim bar under the header for staff users only, saying
 * who is signed in as staff and where the debug tools are (a Debug action under each answer).
 */
export function StaffToolbar() {
  useSignals();
  const { session } = useServices();
  if (!session.user.value?.staff) return null;
  return (
    <section className="staff-toolbar" aria-label="Staff tools">
      <span className="staff-badge">Staff</span>
      <span className="staff-toolbar-note">
        Signed in as {session.user.value.email} · each answer has a Debug action
      </span>
    </section>
  );
}
