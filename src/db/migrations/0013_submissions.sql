-- Form submissions from browsers (CONTRACT §9). Personal data never lies in the clear: the submitted
-- fields are one sealed JSON document (AES-256-GCM, key id beside it for rotation, bound to the site
-- and the submission); the email and the phone are kept only as keyed hashes, for deduplication.
-- field_names (the names alone, never values) lets an export name the columns of fields a form no
-- longer shows. Spam (a filled honeypot) is kept, without its fields, only so that a replay answers
-- alike; it is never listed, exported or counted. Erasure drops the sealed fields, the hashes and
-- the session and keeps the bare row (ids, campaign, time), so a replay of its client id stays a
-- replay. created_at is the server's time of receipt (the use case passes its clock).

CREATE TABLE submissions (
  submission_id        text PRIMARY KEY,
  site_id              text NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  campaign_id          text NOT NULL,
  form_id              text NOT NULL,
  -- The browser's idempotency key: one submission per (site, client_submission_id).
  client_submission_id text NOT NULL,
  session_id           text,
  fields_ciphertext    text,
  fields_key_id        text,
  field_names          text[] NOT NULL DEFAULT '{}',
  email_hash           text,
  phone_hash           text,
  consent_granted      boolean,
  consent_text_sha256  text CHECK (consent_text_sha256 ~ '^[0-9a-f]{64}$'),
  consent_recorded_at  timestamptz,
  spam                 boolean NOT NULL DEFAULT false,
  created_at           timestamptz NOT NULL,
  erased_at            timestamptz,
  CONSTRAINT submissions_client_id_key UNIQUE (site_id, client_submission_id),
  CHECK ((fields_ciphertext IS NULL) = (fields_key_id IS NULL)),
  CHECK ((consent_granted IS NULL) = (consent_text_sha256 IS NULL) AND (consent_granted IS NULL) = (consent_recorded_at IS NULL))
);

-- What members read and export: live submissions, newest first, per site and per campaign.
CREATE INDEX submissions_list_idx ON submissions (site_id, created_at DESC, submission_id COLLATE "C" DESC)
  WHERE NOT spam AND erased_at IS NULL;
CREATE INDEX submissions_campaign_idx ON submissions (site_id, campaign_id, created_at DESC, submission_id COLLATE "C" DESC)
  WHERE NOT spam AND erased_at IS NULL;
-- The same email on the same campaign within 24 h is the first submission again.
CREATE INDEX submissions_email_idx ON submissions (site_id, campaign_id, email_hash, created_at)
  WHERE email_hash IS NOT NULL;
