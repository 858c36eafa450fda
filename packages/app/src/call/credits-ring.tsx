/**
 * @module The remaining-credits ring button of the call screen (spec/calls.md §2): a ring that
 * empties as the call minutes of this month are used, the minutes left in its middle; pressing it
 * opens the paywall (sign-in first for a visitor, then the memberships). Hidden when the time is
 * unlimited or unknown, for the clone's owners and when overage lets calls go on past the quota.
 */
import { isUnlimited } from '@doppel/core';
import { OWNER_RELATIONSHIPS, type Usage } from '@doppel/protocol';
import './credits-ring.css';

const RADIUS = 15;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** What the ring shows: the fraction left and the whole minutes left; null when it is hidden. */
export function creditsRingState(usage: Usage | null): { fraction: number; minutes: number } | null {
  if (!usage) return null;
  const quota = usage.quota.voice_seconds;
  const remaining = usage.remaining.voice_seconds;
  if (isUnlimited(quota) || isUnlimited(remaining) || quota <= 0) return null;
  if (usage.billing.is_overage_enabled) return null;
  if (usage.relationship && OWNER_RELATIONSHIPS.includes(usage.relationship)) return null;
  const left = Math.max(0, Math.min(remaining, quota));
  return { fraction: left / quota, minutes: Math.floor(left / 60) };
}

export function CreditsRing({ usage, onOpen }: { usage: Usage | null; onOpen: () => void }) {
  const state = creditsRingState(usage);
  if (!state) return <span className="icon-btn" aria-hidden="true" />;
  const tone = state.fraction <= 0.1 ? 'is-danger' : state.fraction <= 0.25 ? 'is-low' : '';
  const label = `${state.minutes} ${state.minutes === 1 ? 'call minute' : 'call minutes'} left: see the memberships`;
  return (
    <button
      type="button"
      className={`credits-ring ${tone}`}
      onClick={onOpen}
      aria-haspopup="dialog"
      aria-label={label}
      title={label}
    >
      <svg viewBox="0 0 36 36" aria-hidden="true" focusable="false">
        <circle className="credits-ring-track" cx="18" cy="18" r={RADIUS} />
        <circle
          className="credits-ring-fill"
          cx="18"
          cy="18"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - state.fraction)}
        />
      </svg>
      <span className="credits-ring-value" aria-hidden="true">
        {state.minutes}
      </span>
    </button>
  );
}
