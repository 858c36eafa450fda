import { useSignals } from '@preact/signals-react/runtime';
import { useServices } from '../services';

/**
 * The staff toolbar (spec/chat.md §6): a slim bar under the header for staff users only, where
 * debug tools are added.
 */
export function StaffToolbar() {
  useSignals();
  const { session } = useServices();
  if (!session.user.value?.staff) return null;
  return (
    <section className="staff-toolbar" aria-label="Staff tools">
      <span className="staff-badge">Staff</span>
      <span className="staff-toolbar-note">Debug tools appear here.</span>
    </section>
  );
}
