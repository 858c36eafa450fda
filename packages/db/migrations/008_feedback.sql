-- Feedback (spec/chat.md §3, §5): the dialog's subject and content with where it was sent from.
-- The server adds the caller's IP address and, when signed in, the user's name and e-mail.
CREATE TABLE feedback (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  clone_id uuid REFERENCES clones (id) ON DELETE SET NULL,
  user_id uuid,
  visitor_id text,
  subject text NOT NULL,
  feedback text NOT NULL,
  pathname text,
  ip_address text,
  name text,
  email text,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The per-IP hourly limit counts the last hour's rows.
CREATE INDEX feedback_ip ON feedback (ip_address, created_at);
