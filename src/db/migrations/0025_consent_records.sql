-- Consent records (CONTRACT §13): the proof of each decision a visitor made about analytics and
-- marketing storage (GDPR Art. 7(1)), append-only: rows are inserted and read, never updated in
-- what they prove (the decision, its source and policy version, the origin and the server's time).
-- The visitor's identifiers never lie in the clear: the session id and the device id are one sealed
-- JSON document (AES-256-GCM with the click-id keyring, key id beside it for rotation, bound to the
-- site and the record), and the device is also kept as a keyed hash (HMAC, bound to the site) that
-- members filter by, and that is all an erasure leaves of a record as proof. The client address is
-- never stored. recorded_at is the server's time of receipt.

CREATE TABLE consent_records (
  consent_id             text PRIMARY KEY,
  site_id                text NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  identifiers_ciphertext text,
  identifiers_key_id     text,
  device_hash            text CHECK (device_hash ~ '^[0-9a-f]{64}$'),
  analytics              boolean NOT NULL,
  marketing              boolean NOT NULL,
  source                 text NOT NULL CHECK (source IN ('default', 'banner', 'gpc', 'api')),
  policy_version         text CHECK (char_length(policy_version) BETWEEN 1 AND 64),
  origin                 text NOT NULL,
  recorded_at            timestamptz NOT NULL,
  CHECK ((identifiers_ciphertext IS NULL) = (identifiers_key_id IS NULL))
);

-- What members read: the site's records newest first, and one device's.
CREATE INDEX consent_records_list_idx ON consent_records (site_id, recorded_at DESC, consent_id COLLATE "C" DESC);
CREATE INDEX consent_records_device_idx ON consent_records (site_id, device_hash, recorded_at DESC, consent_id COLLATE "C" DESC)
  WHERE device_hash IS NOT NULL;
