-- Read aloud (issue 10 §3): the audio of a text in one voice, made once and served again to any
-- server process. `key` is the SHA-256 of (service, voice, model, spoken text); `message_id` the
-- clone message it was made for (NULL for a text read without one).
CREATE TABLE tts_audio (
  key text PRIMARY KEY,
  message_id uuid REFERENCES messages (id) ON DELETE CASCADE,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tts_audio_message ON tts_audio (message_id);
