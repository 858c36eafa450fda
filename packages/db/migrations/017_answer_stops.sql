-- Stop (issue 9 §6): what the visitor saw when pressing Stop is what stays. A stop that arrives
-- before its answer is stored waits here — the visitor's message whose answer was stopped and the
-- answer's text as it stood on screen — and the answer is cut to it when stored.
ALTER TABLE conversations ADD COLUMN stop_after uuid;
ALTER TABLE conversations ADD COLUMN stop_text text;
