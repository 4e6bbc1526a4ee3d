-- Consent (CONTRACT §13): browser events without analytics consent keep no device or user id, and
-- their session is the server's own anonymous one, `anon_` + a keyed hash of (the day's salt, the
-- site, the client address, the user agent) with a 30-minute inactivity rule.
--
-- consent_salts: one random salt per site and UTC day, made on first use (INSERT … ON CONFLICT DO
-- NOTHING, then read back: racing processes agree on one), deleted 48 h after it was made, so a
-- visitor's hash can never be recomputed from then on.
CREATE TABLE consent_salts (
  site_id    text NOT NULL,
  day        date NOT NULL,
  salt       bytea NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (site_id, day)
);
CREATE INDEX consent_salts_created_idx ON consent_salts (created_at);

-- The inactivity rule's state, shared by every server process: per visitor hash (never an address),
-- when its current anonymous session started and when it was last seen. A row idle for an hour
-- can only start a new session, so it is deleted with the salts' sweep.
CREATE TABLE consent_anon_sessions (
  site_id      text NOT NULL,
  visitor      bytea NOT NULL,
  started_at   timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (site_id, visitor)
);
CREATE INDEX consent_anon_sessions_seen_idx ON consent_anon_sessions (last_seen_at);
