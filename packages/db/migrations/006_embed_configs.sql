-- Embed configurations (issue 4, DESIGN §5): what a creator's `data-config` names. The id is
-- public (it is in the snippet): a generated 16-character [a-z0-9] id or one the creator chose.
CREATE TABLE embed_configs (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]{3,64}$'),
  clone_id uuid NOT NULL REFERENCES clones (id) ON DELETE CASCADE,
  -- The instance the embed opens (null: the clone itself).
  instance_id uuid REFERENCES clone_instances (id) ON DELETE CASCADE,
  -- Normalised host-page origins (`https://example.com`, `http://127.0.0.1:3101`) that may
  -- frame the chat; empty = any site (the creator's choice).
  allowed_origins jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(allowed_origins) = 'array'),
  -- {logo?, googleButton?, accountMenuItems?}: booleans, absent = the default (logo: the
  -- clone's options.doppelLogo; the others shown).
  whitelabel jsonb NOT NULL DEFAULT '{}',
  -- {mode?: 'bubble' | 'inline' | 'fullpage', autoHeight?}
  mode jsonb NOT NULL DEFAULT '{}',
  -- {accent?: '#hex', launcher?: '#hex'}
  colours jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX embed_configs_clone ON embed_configs (clone_id, created_at);
