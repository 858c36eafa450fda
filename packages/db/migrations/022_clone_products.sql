-- Affiliate links (spec/chat.md §3 messageAffiliates, §7 affiliate redirects; issue 10 §9), from
-- clone.json: the clone's own affiliate link (the footer's, GET /api/affiliate/:slug) and the
-- products an answer may carry as links (title, url, image, the words that mention it).
ALTER TABLE clones ADD COLUMN affiliate_url text;
ALTER TABLE clones ADD COLUMN products jsonb NOT NULL DEFAULT '[]';
