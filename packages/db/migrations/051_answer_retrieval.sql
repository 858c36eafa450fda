-- The retrieval behind a clone answer (issue 10 §6, the staff debug dialog): how it was found
-- (knowledge, a creator's revised answer, the profile), the query searched and the passages with
-- their ranks, as the brain reported them when it answered. NULL for answers stored before.
ALTER TABLE messages ADD COLUMN retrieval jsonb;
