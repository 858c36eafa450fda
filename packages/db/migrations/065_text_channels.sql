-- Texts with a clone over SMS, WhatsApp and Telegram (issue 13; spec/calls.md §2, §5, §7).

-- The local outbox also holds the WhatsApp and Telegram messages of the local text provider.
ALTER TABLE outbox DROP CONSTRAINT outbox_channel_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check
  CHECK (channel IN ('email', 'sms', 'whatsapp', 'telegram'));

-- Who texts which clone on which channel. `address` is the visitor's side: a number in
-- international form (SMS, WhatsApp) or a lower-cased Telegram username. One address talks to
-- one clone per channel (the deployment has one number and one bot): opting in to another clone
-- moves the link. `chat_id` is the Telegram chat, known once the visitor opened the bot.
-- `stopped_at`: the visitor replied STOP; nothing is sent until they opt in again.
CREATE TABLE text_links (
  medium text NOT NULL CHECK (medium IN ('SMS', 'WHATSAPP', 'TELEGRAM')),
  address text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  clone_id uuid NOT NULL REFERENCES clones (id) ON DELETE CASCADE,
  conversation_id uuid REFERENCES conversations (id) ON DELETE SET NULL,
  chat_id text,
  greeted_at timestamptz,
  stopped_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (medium, address)
);
CREATE INDEX text_links_user ON text_links (user_id);

-- Inbound webhook deliveries already handled (Twilio's MessageSid, Telegram's update_id): a
-- replayed delivery changes nothing twice.
CREATE TABLE text_inbound_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);
