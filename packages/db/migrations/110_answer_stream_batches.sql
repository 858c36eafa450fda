-- An answer stream's events are written a batch to a row (issue 14 §6): the events one write
-- carries (every token a stream queued while the previous write was under way) as one JSON
-- array, numbered first_seq..last_seq. One row per event cost a row's insert and index entry per
-- token, the largest part of an answer's database work. Streams are kept an hour and resumed
-- within seconds, so the old table's rows are dropped, not moved.
DROP TABLE answer_stream_events;

CREATE TABLE answer_stream_batches (
  stream_id uuid NOT NULL REFERENCES answer_streams (id) ON DELETE CASCADE,
  first_seq integer NOT NULL CHECK (first_seq > 0),
  last_seq integer NOT NULL CHECK (last_seq >= first_seq),
  -- A JSON array of the events numbered first_seq to last_seq (StreamEvent each).
  events text NOT NULL,
  PRIMARY KEY (stream_id, first_seq)
);
