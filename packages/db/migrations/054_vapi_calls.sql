-- Browser voice calls on Vapi (issue 11; spec/calls.md §7): the server starts each call itself
-- and keeps who it is for, so that the end-of-call webhook charges the right caller and writes
-- the right conversation — whatever metadata the report carries. `ended_at` is set once, by the
-- first report: a replayed report finds it set and changes nothing.
CREATE TABLE vapi_calls (
  -- Vapi's call id.
  call_id text PRIMARY KEY,
  conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  clone_id uuid NOT NULL REFERENCES clones (id) ON DELETE CASCADE,
  instance_id uuid,
  user_id uuid,
  visitor_id text NOT NULL,
  -- The key Vapi calls the brain with for this call; revoked when the call ends.
  api_key_id uuid REFERENCES api_keys (id) ON DELETE SET NULL,
  -- Seconds charged so far (the first one at the start).
  charged integer NOT NULL DEFAULT 0,
  -- The embed configuration's call limit, when the call was made with one.
  call_limit_seconds integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
CREATE INDEX vapi_calls_conversation ON vapi_calls (conversation_id);
