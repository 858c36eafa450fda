-- Doppel schema, version 1: clones, their knowledge, conversations and messages.
-- One dialect for PGlite and PostgreSQL.

CREATE TABLE clones (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  headline text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  image_url text,
  verified boolean NOT NULL DEFAULT false,
  public boolean NOT NULL DEFAULT true,
  language text NOT NULL DEFAULT 'English',
  voice_id text,
  view_sources boolean NOT NULL DEFAULT true,
  tone_feedback boolean NOT NULL DEFAULT false,
  phone_number text,
  socials jsonb NOT NULL DEFAULT '{}',
  orgs jsonb NOT NULL DEFAULT '[]',
  options jsonb NOT NULL DEFAULT '{}',
  monetization jsonb NOT NULL DEFAULT '{}',
  memberships jsonb NOT NULL DEFAULT '[]',
  voice jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE clone_instances (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  clone_id uuid NOT NULL REFERENCES clones (id) ON DELETE CASCADE,
  slug text NOT NULL,
  name text NOT NULL,
  image_url text,
  UNIQUE (clone_id, slug)
);

CREATE TABLE suggested_questions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  clone_id uuid NOT NULL REFERENCES clones (id) ON DELETE CASCADE,
  position integer NOT NULL,
  question text NOT NULL
);
CREATE INDEX suggested_questions_clone ON suggested_questions (clone_id, position);

-- One row per knowledge file; `path` is the file's path inside the clone folder.
CREATE TABLE documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  clone_id uuid NOT NULL REFERENCES clones (id) ON DELETE CASCADE,
  path text NOT NULL,
  title text NOT NULL,
  type text NOT NULL,
  url text,
  content_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (clone_id, path)
);

CREATE TABLE chunks (
  id bigserial PRIMARY KEY,
  clone_id uuid NOT NULL REFERENCES clones (id) ON DELETE CASCADE,
  document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  position integer NOT NULL,
  text text NOT NULL,
  -- Milliseconds into the media for transcripts; NULL for text documents.
  timestamp_ms integer,
  tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED
);
CREATE INDEX chunks_tsv ON chunks USING gin (tsv);
CREATE INDEX chunks_clone ON chunks (clone_id);
CREATE INDEX chunks_document ON chunks (document_id, position);

CREATE TABLE conversations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  clone_id uuid NOT NULL REFERENCES clones (id) ON DELETE CASCADE,
  instance_id uuid REFERENCES clone_instances (id) ON DELETE SET NULL,
  title text NOT NULL DEFAULT 'Conversation',
  medium text NOT NULL DEFAULT 'WEB',
  -- Owner: an anonymous visitor id and/or a user id (accounts arrive with issue 3).
  visitor_id text,
  user_id uuid,
  share_id text UNIQUE,
  hidden boolean NOT NULL DEFAULT false,
  recording_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX conversations_clone_updated ON conversations (clone_id, updated_at DESC);

CREATE TABLE messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  sender text NOT NULL CHECK (sender IN ('USER', 'CLONE', 'SYSTEM')),
  text text NOT NULL,
  type text NOT NULL DEFAULT 'text',
  from_studio boolean NOT NULL DEFAULT false,
  session_start boolean NOT NULL DEFAULT false,
  saved boolean NOT NULL DEFAULT false,
  has_sources boolean NOT NULL DEFAULT false,
  interrupted boolean NOT NULL DEFAULT false,
  image_url text,
  files jsonb NOT NULL DEFAULT '[]',
  affiliates jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX messages_conversation ON messages (conversation_id, created_at);

-- The sources of one clone message: `position` is its [n]; `used` marks a cited one.
CREATE TABLE message_citations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  message_id uuid NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  position integer NOT NULL,
  used boolean NOT NULL,
  document_id uuid NOT NULL,
  document_title text NOT NULL,
  title text NOT NULL,
  text text NOT NULL,
  url text,
  timestamp_ms integer,
  tweet_id text,
  type text NOT NULL,
  visible boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (message_id, position)
);
