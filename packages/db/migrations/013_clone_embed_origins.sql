-- A clone-level embed allowlist (issue 7 §5, DESIGN §5 "a clone can restrict which sites may
-- embed it"): clone.json `embed.allowedOrigins`, normalised host-page origins
-- (`https://example.com`). NULL = no clone-level list (any site, unless an embed configuration
-- narrows it). It applies to every embed of the clone, with or without a configuration; a
-- configuration's own list is intersected with it.
-- (010 is this change's number; the API keys of the same change are 010_api_keys.sql.)
ALTER TABLE clones ADD COLUMN embed_allowed_origins jsonb
  CHECK (embed_allowed_origins IS NULL OR jsonb_typeof(embed_allowed_origins) = 'array');
