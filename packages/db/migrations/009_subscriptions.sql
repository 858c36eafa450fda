-- spec/calls.md §3 "Active subscription": a user's subscription to a membership tier of a clone
-- (or of one of its instances), as the payment provider reports it, or set by hand with
-- `doppel subscription set`. It replaces relationships.membership_id (005): the tier a signed-in
-- user gets is the one of their entitling subscription — status active, trialing or past_due
-- (ENTITLING_SUBSCRIPTION_STATUSES in protocol) and current_period_end not passed — else the
-- clone's free tier (DESIGN §2 "Metering"). Overage billing stays on the relationship.
CREATE TABLE subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  clone_id uuid NOT NULL REFERENCES clones (id) ON DELETE CASCADE,
  -- The instance the tier belongs to; NULL for the clone itself (then it applies to every
  -- instance that has no subscription of its own).
  instance_id uuid REFERENCES clone_instances (id) ON DELETE CASCADE,
  -- A tier id of clones.memberships; a tier no longer in clone.json gives the free tier.
  membership_id text NOT NULL,
  basis text NOT NULL CHECK (basis IN ('monthly', 'yearly')),
  status text NOT NULL CHECK (status IN (
    'active', 'trialing', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused')),
  -- The end of the paid period; NULL: no end (a subscription set by hand without --until).
  current_period_end timestamptz,
  -- spec/calls.md §4: a scheduled cancellation (the button offers Resume).
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  -- 'manual' (the CLI) or the payment provider ('stripe').
  provider text NOT NULL DEFAULT 'manual',
  provider_customer_id text,
  provider_subscription_id text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- At most one entitling subscription per user, clone and instance ("the active subscription").
-- The status list is ENTITLING_SUBSCRIPTION_STATUSES (store/subscriptions.test.ts checks it).
CREATE UNIQUE INDEX subscriptions_entitling ON subscriptions (user_id, clone_id, instance_id)
  NULLS NOT DISTINCT WHERE status IN ('active', 'trialing', 'past_due');
CREATE INDEX subscriptions_clone ON subscriptions (clone_id);

-- A relationship that named a tier was a paid monthly membership with no end.
INSERT INTO subscriptions (user_id, clone_id, membership_id, basis, status, created_at, updated_at)
SELECT user_id, clone_id, membership_id, 'monthly', 'active', updated_at, updated_at
FROM relationships WHERE membership_id IS NOT NULL;

ALTER TABLE relationships DROP COLUMN membership_id;
