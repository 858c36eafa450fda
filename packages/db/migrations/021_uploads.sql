-- Attachments (issue 10 §4): files a visitor or user uploads for a conversation. The bytes live in
-- the storage provider (local disk or S3) under `storage_key`; the row says whose they are.
-- `status` is 'uploading' while a multipart upload runs (`multipart_id` the storage's upload id),
-- then 'ready'. `conversation_id` is set when the file is sent with a message; the brain then reads
-- the file's text (`upload_chunks`) for that conversation's answers.
CREATE TABLE uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid,
  visitor_id text,
  name text NOT NULL,
  content_type text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('image', 'document')),
  size_bytes bigint NOT NULL,
  storage_key text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('uploading', 'ready')),
  multipart_id text,
  conversation_id uuid REFERENCES conversations (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_conversation ON uploads (conversation_id);

CREATE TABLE upload_chunks (
  id bigserial PRIMARY KEY,
  upload_id uuid NOT NULL REFERENCES uploads (id) ON DELETE CASCADE,
  position integer NOT NULL,
  text text NOT NULL,
  tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED
);
CREATE INDEX upload_chunks_upload ON upload_chunks (upload_id, position);
CREATE INDEX upload_chunks_tsv ON upload_chunks USING gin (tsv);
