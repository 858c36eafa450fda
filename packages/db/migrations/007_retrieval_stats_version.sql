-- A clone's retrieval statistics carry a version, bumped by @doppel/brain in the same
-- transaction as every change of its clone_terms / chunk count (an import). Retrieval keeps
-- term frequencies in memory and reads this version in the statements it runs anyway: a
-- mismatch (another process or an import) drops the cached statistics.
ALTER TABLE clone_knowledge_stats ADD COLUMN version bigint NOT NULL DEFAULT 0;
