-- Images and other small files that belong to clones (profile pictures from a clone folder).
-- Kept in the database so that every server process behind a load balancer can serve them.
CREATE TABLE media (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sha256 text NOT NULL UNIQUE,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
