-- Retrieval statistics, maintained by @doppel/brain whenever knowledge is imported.
-- clone_terms: in how many chunks of a clone each lexeme occurs (document frequency);
-- clone_knowledge_stats: how many chunks the clone has. Retrieval reads them to query its
-- rarest terms first and to skip terms so common that ranking all their matches would grow
-- with the corpus (DESIGN §3: no per-request scan of all chunks).
CREATE TABLE clone_terms (
  clone_id uuid NOT NULL REFERENCES clones (id) ON DELETE CASCADE,
  term text NOT NULL,
  df integer NOT NULL CHECK (df > 0),
  PRIMARY KEY (clone_id, term)
);

CREATE TABLE clone_knowledge_stats (
  clone_id uuid PRIMARY KEY REFERENCES clones (id) ON DELETE CASCADE,
  chunks integer NOT NULL DEFAULT 0
);
