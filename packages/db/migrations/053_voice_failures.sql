-- Voice failures the pages report (spec/calls.md §7, §8: captureVoiceFailure, the voice-memo
-- failure call; issue 11), kept for the operator (`doppel failures`).
CREATE TABLE voice_failures (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  event text NOT NULL,
  clone_id uuid NOT NULL REFERENCES clones (id) ON DELETE CASCADE,
  message text NOT NULL,
  cause text,
  outcome text,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  visitor_id text
);
CREATE INDEX voice_failures_created ON voice_failures (created_at DESC);
