-- Stripe memberships (issue 13). A user's Stripe customer (one per user, made at their first
-- checkout); the webhook events handled, by id, so a replayed event changes nothing twice; and
-- the overage already reported to Stripe's meters per subscription, month and resource, so a
-- report is never billed twice.
CREATE TABLE stripe_customers (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  customer_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stripe_overage_reports (
  subscription_id uuid NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  -- The usage period (usage/period.ts), e.g. '2026-11'.
  period text NOT NULL,
  resource text NOT NULL CHECK (resource IN ('messages', 'voice_seconds', 'video_seconds')),
  -- Units past the quota reported so far in the period.
  reported integer NOT NULL DEFAULT 0 CHECK (reported >= 0),
  PRIMARY KEY (subscription_id, period, resource)
);
