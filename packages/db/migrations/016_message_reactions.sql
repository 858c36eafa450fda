-- Like and thumbs-down on clone messages (issue 9 §12): one reaction per message and person.
-- `subject` is who reacted, as the usage counters name them: `u:<user id>` or `v:<visitor id>`.
-- Only the owner of the message's conversation may react (checked by the route's statement).
CREATE TABLE message_reactions (
  message_id uuid NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  subject text NOT NULL,
  reaction text NOT NULL CHECK (reaction IN ('like', 'dislike')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (message_id, subject)
);
