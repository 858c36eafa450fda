/** @module The profile's shape while its code or the clone loads, drawn at once from the main bundle. */
import './profile.css';

/** The clone's summary as grey shapes. */
export function ProfileSkeleton() {
  return (
    <div className="profile-summary" role="status" aria-busy="true" aria-label="Loading profile">
      <span className="skeleton" style={{ width: 112, height: 112, borderRadius: 999 }} />
      <span className="skeleton" style={{ width: 200, height: 28 }} />
      <span className="skeleton" style={{ width: 280, height: 18 }} />
      <span className="skeleton" style={{ width: '90%', maxWidth: 480, height: 44 }} />
      <span className="skeleton" style={{ width: 140, height: 48, borderRadius: 999 }} />
    </div>
  );
}
