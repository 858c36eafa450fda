-- Tavus over Daily, the production video provider (issue 12; providers/tavus).
--
-- One Tavus persona per clone: its language model is the brain's OpenAI-compatible endpoint
-- (routes/openai.ts), called with an API key minted for it (api_keys, so its answers are counted
-- on the key). A persona made for another replica, another public address, or whose key was
-- revoked is replaced by a new one on the next call.
CREATE TABLE tavus_personas (
  clone_id uuid PRIMARY KEY REFERENCES clones (id) ON DELETE CASCADE,
  persona_id text NOT NULL,
  replica_id text NOT NULL,
  llm_base_url text NOT NULL,
  api_key_id uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Tavus's conversation callbacks (POST /api/webhooks/tavus/:videoCallId), kept once each: Tavus
-- may deliver one twice, and the same body twice is handled once.
CREATE TABLE tavus_callbacks (
  video_call_id uuid NOT NULL REFERENCES video_calls (id) ON DELETE CASCADE,
  body_sha256 text NOT NULL,
  event_type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (video_call_id, body_sha256)
);
