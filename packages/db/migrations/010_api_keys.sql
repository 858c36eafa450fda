-- API keys for the brain's OpenAI-compatible endpoint (issue 7 §5; DESIGN §4 "with a key"):
-- voice providers (Vapi's custom LLM) call POST /api/openai/v1/chat/completions with
-- `Authorization: Bearer <key>`. A key is made by `doppel key create SLUG`, shown once, and
-- answers for one clone only. Only its SHA-256 is kept: the key is 32 random bytes, so a leaked
-- table lets nobody in.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  clone_id uuid NOT NULL REFERENCES clones (id) ON DELETE CASCADE,
  -- The creator's label ("Vapi production"); may be empty.
  name text NOT NULL DEFAULT '',
  -- SHA-256 of the whole key, hex.
  key_hash text NOT NULL UNIQUE,
  -- The key's first characters (`dpl_` + 8), so a person can tell keys apart in `key list`.
  prefix text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set by `doppel key revoke`: the key is refused from then on.
  revoked_at timestamptz,
  -- Every request the key got through with (the check itself sets it).
  last_used_at timestamptz,
  -- What it was answered: completions, the characters of their text, and their tokens (about
  -- four characters a token, as the answers' `usage` says).
  requests bigint NOT NULL DEFAULT 0,
  answered_characters bigint NOT NULL DEFAULT 0,
  completion_tokens bigint NOT NULL DEFAULT 0
);
CREATE INDEX api_keys_clone ON api_keys (clone_id, created_at);
