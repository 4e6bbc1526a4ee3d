-- The media library (CONTRACT §8): images kept in the database, so that every process serves the
-- same bytes. An upload's bytes arrive as a blob of chunks (≤ 256 KiB each, written as they stream
-- in, never held whole); the blob is 'staging' until the upload is accepted, then 'stored' and named
-- by exactly one media item. A failed upload deletes its blob; one left by a process that died is
-- removed by age (touched_at: its last chunk).

CREATE TABLE media_blobs (
  blob_id    text PRIMARY KEY,
  site_id    text NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  state      text NOT NULL CHECK (state IN ('staging', 'stored')),
  bytes      bigint NOT NULL DEFAULT 0 CHECK (bytes >= 0),
  chunks     integer NOT NULL DEFAULT 0 CHECK (chunks >= 0),
  touched_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX media_blobs_staging_idx ON media_blobs (touched_at) WHERE state = 'staging';

CREATE TABLE media_chunks (
  blob_id text NOT NULL REFERENCES media_blobs (blob_id) ON DELETE CASCADE,
  seq     integer NOT NULL CHECK (seq >= 0),
  data    bytea NOT NULL,
  PRIMARY KEY (blob_id, seq)
);
-- Images are compressed already: stored out of line without another compression attempt.
ALTER TABLE media_chunks ALTER COLUMN data SET STORAGE EXTERNAL;

CREATE TABLE media (
  media_id     text PRIMARY KEY,
  site_id      text NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  blob_id      text NOT NULL UNIQUE REFERENCES media_blobs (blob_id),
  sha256       text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif')),
  bytes        integer NOT NULL CHECK (bytes > 0),
  width        integer NOT NULL CHECK (width > 0),
  height       integer NOT NULL CHECK (height > 0),
  created_at   timestamptz NOT NULL DEFAULT now(),
  -- The same bytes on the same site are one item (concurrent identical uploads included).
  CONSTRAINT media_site_sha256_key UNIQUE (site_id, sha256)
);
CREATE INDEX media_site_created_idx ON media (site_id, created_at DESC, media_id COLLATE "C" DESC);
