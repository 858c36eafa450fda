-- Video calls (spec/calls.md §2, §4, §7; issue 12). One row per call: its conversation (medium
-- VIDEO), the provider that runs it (`local`: the local voice pipeline with the clone's portrait;
-- `tavus`: Tavus over Daily) and the provider's ids, the timings, why it ended, the video seconds
-- charged (usage_counters.video_seconds is the metered counter; `seconds` is this call's share of
-- it), the recording (spec §4: Idle, Pending, Failed, Finished, Disregarded) and the page's end
-- report. The owner is the conversation's (a user, or an anonymous visitor).
CREATE TABLE video_calls (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  conversation_id uuid NOT NULL UNIQUE REFERENCES conversations (id) ON DELETE CASCADE,
  clone_id uuid NOT NULL REFERENCES clones (id) ON DELETE CASCADE,
  instance_id uuid REFERENCES clone_instances (id) ON DELETE SET NULL,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  visitor_id text NOT NULL,
  provider text NOT NULL CHECK (provider IN ('local', 'tavus')),
  provider_conversation_id text,
  conversation_url text,
  language text,
  question text,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'ENDED', 'FAILED')),
  end_reason text,
  started_at timestamptz NOT NULL DEFAULT now(),
  live_at timestamptz,
  ended_at timestamptz,
  seconds integer NOT NULL DEFAULT 0 CHECK (seconds BETWEEN 0 AND 3600),
  recording_status text NOT NULL DEFAULT 'Idle'
    CHECK (recording_status IN ('Idle', 'Pending', 'Failed', 'Finished', 'Disregarded')),
  recording_key text,
  recording_content_type text,
  recording_duration_ms integer CHECK (recording_duration_ms >= 0),
  events jsonb NOT NULL DEFAULT '[]'::jsonb,
  end_report jsonb
);
CREATE INDEX video_calls_clone_started ON video_calls (clone_id, started_at DESC);
CREATE UNIQUE INDEX video_calls_provider_conversation ON video_calls (provider, provider_conversation_id)
  WHERE provider_conversation_id IS NOT NULL;

-- spec/calls.md §7 sendTranscriptUpdate: what each side said, as the provider (or the local
-- pipeline) reported it. The same update sent twice (a retried request) is kept once.
CREATE TABLE video_transcript_updates (
  id bigserial PRIMARY KEY,
  video_call_id uuid NOT NULL REFERENCES video_calls (id) ON DELETE CASCADE,
  participant text NOT NULL CHECK (participant IN ('user', 'replica')),
  text text NOT NULL,
  at timestamptz NOT NULL,
  UNIQUE (video_call_id, participant, at, text)
);
