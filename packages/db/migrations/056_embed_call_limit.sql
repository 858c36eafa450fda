-- An embed configuration's voice call limit (spec/calls.md §4; issue 11): a call made in an embed
-- with this configuration stops after this many seconds, without the voice paywall, and the host
-- page is told `voice-exhausted` with the configuration id. NULL: no limit of its own. At most the
-- longest call (spec/calls.md §9: 21,600 s).
ALTER TABLE embed_configs
  ADD COLUMN call_limit_seconds integer CHECK (call_limit_seconds BETWEEN 1 AND 21600);
