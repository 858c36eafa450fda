-- Where each timestamped paragraph starts in a chunk (issue 9 §4): `[{"at": offset, "ms": ms}]`,
-- so a citation quotes the cited paragraph with its own timestamp instead of the chunk's first.
-- Filled by imports from chunker version 2 on; older chunks keep [] and their chunk timestamp.
ALTER TABLE chunks ADD COLUMN moments jsonb NOT NULL DEFAULT '[]';
