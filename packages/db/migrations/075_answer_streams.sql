-- Answer streams that survive a dropped connection (issue 14 §2; DESIGN §2 "a dropped stream
-- resumes from its last event on any process"). The process that accepted a message writes each
-- event of its answer here before sending it, numbered from 1 (the SSE `id`), and holds a lease it
-- renews while the answer runs. A client that lost its connection asks any process for the events
-- after the last one it saw; when the holder's lease has lapsed (the process died), the process
-- asked takes the stream over and ends it from what was written. Rows are kept for an hour.
CREATE TABLE answer_streams (
  -- Chosen by the client (StreamRequest.streamId) or by the server: a retried send with the same
  -- id is the same send (one message, one charge).
  id uuid PRIMARY KEY,
  conversation_id uuid NOT NULL,
  user_message_id uuid NOT NULL,
  -- What the brain was asked (clone, question, history, products): a process that takes the
  -- stream over asks it again and sends only what comes after the tokens already sent.
  brain_input jsonb,
  -- The process writing the answer, and until when it is presumed alive.
  holder text NOT NULL,
  lease_until timestamptz NOT NULL,
  -- The answer stored for it (null when a stop kept nothing), set in the transaction that stores
  -- it: whichever process ends the stream, the answer is stored once.
  answered_at timestamptz,
  answer_message_id uuid,
  -- Set with the last event (a message, an error, or nothing after a stop that kept nothing).
  finished_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX answer_streams_created ON answer_streams (created_at);

CREATE TABLE answer_stream_events (
  stream_id uuid NOT NULL REFERENCES answer_streams (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq > 0),
  event jsonb NOT NULL,
  PRIMARY KEY (stream_id, seq)
);
