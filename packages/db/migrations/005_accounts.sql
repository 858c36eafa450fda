-- Accounts (issue 3): users and their sessions, one-time codes and their send log, the local
-- outbox, relationships with clones, text opt-ins and usage counters.

-- Server-wide values every process shares: the generated auth secret when AUTH_SECRET is unset.
CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Trimmed and lower-cased (core validateEmail).
  email text NOT NULL UNIQUE,
  name text,
  image_url text,
  phone_number text,
  telegram_username text,
  staff boolean NOT NULL DEFAULT false,
  -- spec/chat.md §5: a banned user's address answers 'This email address is banned.'
  banned boolean NOT NULL DEFAULT false,
  timezone text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A signed-in session: the cookie or bearer token is never stored, only its SHA-256.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user ON sessions (user_id);

-- The live one-time code of an address: one row per (channel, subject), so a new code replaces
-- the old. `code_hash` is HMAC-SHA256(secret, channel:subject:code); the code itself is never
-- stored. For e-mail the subject is the address; for SMS it is `<user id>:<number>`.
CREATE TABLE otp_codes (
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  subject text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  PRIMARY KEY (channel, subject)
);

-- Every code sent, for the per-address and per-IP hourly limits (shared by all processes).
CREATE TABLE otp_sends (
  id bigserial PRIMARY KEY,
  channel text NOT NULL,
  address text NOT NULL,
  ip text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX otp_sends_address ON otp_sends (address, created_at);
CREATE INDEX otp_sends_ip ON otp_sends (ip, created_at);

-- The local mailer and SMS provider: every message, code included (DESIGN §2).
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  "to" text NOT NULL,
  subject text,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX outbox_to ON outbox ("to", id DESC);

-- spec/calls.md §3: how a user relates to a clone. Owners (CREATOR, CONTRIBUTOR) have no
-- limits; `membership_id` is the tier the user pays for (null: the free tier); overage billing
-- is off unless turned on.
CREATE TABLE relationships (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  clone_id uuid NOT NULL REFERENCES clones (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('CREATOR', 'CONTRIBUTOR', 'FOLLOWER')),
  membership_id text,
  overage_enabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, clone_id)
);
CREATE INDEX relationships_clone ON relationships (clone_id);

-- spec/calls.md §5: the user agreed (or not) to receive texts from this clone.
CREATE TABLE text_opt_ins (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  clone_id uuid NOT NULL REFERENCES clones (id) ON DELETE CASCADE,
  opt_in boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, clone_id)
);

-- What a user (`u:<id>`) or anonymous visitor (`v:<id>`) used of a clone (and instance; ''
-- for none) in a calendar month (UTC, the month's first day). Sends charge `messages` in the
-- same statement that stores the message, refusing past the quota.
CREATE TABLE usage_counters (
  subject text NOT NULL,
  clone_id uuid NOT NULL REFERENCES clones (id) ON DELETE CASCADE,
  instance_key text NOT NULL DEFAULT '',
  period date NOT NULL,
  messages integer NOT NULL DEFAULT 0,
  voice_seconds integer NOT NULL DEFAULT 0,
  video_seconds integer NOT NULL DEFAULT 0,
  PRIMARY KEY (subject, clone_id, instance_key, period)
);

-- Conversations belong to a user, or (anonymous) to a visitor id until claimed. A client that
-- kept no visitor id when it created the conversation (curl, scripts) cannot prove it is that
-- visitor later: for such a conversation (`id_is_key`) the id alone opens it until claimed.
ALTER TABLE conversations
  ADD CONSTRAINT conversations_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE conversations ADD COLUMN id_is_key boolean NOT NULL DEFAULT false;
CREATE INDEX conversations_user_clone ON conversations (user_id, clone_id, updated_at DESC);
CREATE INDEX conversations_visitor ON conversations (visitor_id);
