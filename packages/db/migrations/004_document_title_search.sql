-- A document's title says what all of its chunks are about: retrieval adds a title match to
-- the rank of the document's chunks. Generated, so it follows every title change.
ALTER TABLE documents ADD COLUMN title_tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', title)) STORED;
