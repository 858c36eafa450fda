-- Creator tools (issue 10 §5, spec/chat.md §2 revise-answer and adjust-speaking-style dialogs).
-- A creator's revised answer to a question: the brain answers that question, and close
-- paraphrases of it, with this text, cited as 'Answer Provided by the Clone Creator'.
CREATE TABLE creator_answers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  clone_id uuid NOT NULL REFERENCES clones (id) ON DELETE CASCADE,
  message_id uuid REFERENCES messages (id) ON DELETE SET NULL,
  question text NOT NULL,
  answer text NOT NULL,
  created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX creator_answers_clone ON creator_answers (clone_id, created_at DESC);

-- A creator's note on the clone's speaking style ("shorter", "more casual"), applied to every
-- later answer of the clone (the LLM prompt; the local brain's recognised directives).
CREATE TABLE tone_feedback (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  clone_id uuid NOT NULL REFERENCES clones (id) ON DELETE CASCADE,
  message_id uuid REFERENCES messages (id) ON DELETE SET NULL,
  feedback text NOT NULL,
  created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX tone_feedback_clone ON tone_feedback (clone_id, created_at DESC);
