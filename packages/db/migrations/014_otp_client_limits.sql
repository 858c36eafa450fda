-- One client must not lock an address's owner out of sign-in (issue 7 §5). Wrong guesses are
-- logged per client address: a client gets OTP_MAX_ATTEMPTS wrong tries at one code (others
-- keep theirs) and a bounded number of wrong tries per hour across all codes. otp_codes.attempts
-- stays as the code's total, capped far higher, so a code still burns under a spread attack.
CREATE TABLE otp_failures (
  id bigserial PRIMARY KEY,
  channel text NOT NULL,
  subject text NOT NULL,
  ip text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX otp_failures_code ON otp_failures (channel, subject, ip, created_at);
CREATE INDEX otp_failures_ip ON otp_failures (ip, created_at);
-- The per-address limit now counts sends per (address, client) as well as per address.
CREATE INDEX otp_sends_address_ip ON otp_sends (address, ip, created_at);
