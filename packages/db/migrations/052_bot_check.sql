-- The bot check of the full site's chat (spec/chat.md §6; issue 10 §11): each solved ALTCHA
-- challenge is redeemed once, whichever server process sees it; rows go when they expire.
CREATE TABLE bot_check_solutions (
  signature text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX bot_check_solutions_expires ON bot_check_solutions (expires_at);
