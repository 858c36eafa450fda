-- Hourly limits on actions that have no table of their own to count (issue 7 §5: conversations
-- started per client address). One row per action taken; rows older than the window are
-- dropped in small batches as new ones are written.
CREATE TABLE rate_events (
  id bigserial PRIMARY KEY,
  bucket text NOT NULL,
  key text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX rate_events_key ON rate_events (bucket, key, created_at);
