-- Publisher mode: observed clicks (reference sealed, context apart), network report records with
-- their status history, and click rollups kept on write for analytics.

CREATE TABLE publisher_clicks (
  site_id              text NOT NULL,
  click_id             text NOT NULL,
  provider             text NOT NULL CHECK (provider IN ('awin', 'cj')),
  -- Keyed HMAC of the reference (joins with report records) and the sealed reference.
  reference_hash       text NOT NULL,
  reference_ciphertext text,
  reference_key_id     text,
  -- Click context, apart from the reference. destination is host and path only.
  destination          text NOT NULL,
  content_id           text,
  campaign             text,
  placement            text,
  creative             text,
  session_id           text,
  occurred_at          timestamptz NOT NULL,
  received_at          timestamptz NOT NULL DEFAULT now(),
  content_hash         text NOT NULL,
  -- Whether a provider record names this click's reference (maintained on write).
  has_record           boolean NOT NULL DEFAULT false,
  PRIMARY KEY (site_id, click_id)
);
CREATE INDEX publisher_clicks_reference_idx ON publisher_clicks (site_id, reference_hash);
CREATE INDEX publisher_clicks_occurred_idx ON publisher_clicks (site_id, occurred_at);

-- Click rollups kept on write, per day and per month, for the whole site (dimension 'total', key
-- ''), per content id and per destination. A period is summed from whole months, whole days and
-- the raw rows of its partial days.
CREATE TABLE publisher_click_rollups (
  site_id            text NOT NULL,
  grain              text NOT NULL CHECK (grain IN ('day', 'month')),
  bucket             date NOT NULL,
  dimension          text NOT NULL CHECK (dimension IN ('total', 'content', 'destination')),
  key                text NOT NULL,
  clicks             bigint NOT NULL DEFAULT 0,
  clicks_with_record bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, grain, bucket, dimension, key)
);

CREATE TABLE publisher_records (
  site_id                 text NOT NULL,
  provider                text NOT NULL CHECK (provider IN ('awin', 'cj')),
  provider_transaction_id text NOT NULL,
  reference_hash          text,
  reference_ciphertext    text,
  reference_key_id        text,
  order_ref               text,
  status                  text NOT NULL CHECK (status IN ('pending', 'approved', 'declined')),
  currency                text NOT NULL,
  sale_amount             bigint NOT NULL,
  commission_amount       bigint NOT NULL,
  transaction_at          timestamptz NOT NULL,
  updated_at              timestamptz NOT NULL,
  -- Largest commission seen while pending or approved, and what was taken back since.
  peak_commission         bigint NOT NULL DEFAULT 0,
  reversal_amount         bigint NOT NULL DEFAULT 0,
  -- Click context of the matched click (maintained on write).
  has_click               boolean NOT NULL DEFAULT false,
  content_id              text,
  destination             text,
  fingerprint             text NOT NULL,
  imported_at             timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, provider, provider_transaction_id)
);
CREATE INDEX publisher_records_transaction_idx ON publisher_records (site_id, transaction_at);
CREATE INDEX publisher_records_reference_idx ON publisher_records (site_id, reference_hash);

CREATE TABLE publisher_record_history (
  site_id                 text NOT NULL,
  provider                text NOT NULL,
  provider_transaction_id text NOT NULL,
  seq                     integer NOT NULL,
  status                  text NOT NULL,
  sale_amount             bigint NOT NULL,
  commission_amount       bigint NOT NULL,
  updated_at              timestamptz NOT NULL,
  recorded_at             timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, provider, provider_transaction_id, seq)
);

-- Record rollups kept on write (per day and month of transaction_at): by status (every record), and
-- by the matched click's content and destination (commission earned: pending and approved).
CREATE TABLE publisher_record_rollups (
  site_id         text NOT NULL,
  grain           text NOT NULL CHECK (grain IN ('day', 'month')),
  bucket          date NOT NULL,
  dimension       text NOT NULL CHECK (dimension IN ('status', 'content', 'destination')),
  currency        text NOT NULL,
  key             text NOT NULL,
  records         bigint NOT NULL DEFAULT 0,
  sale            bigint NOT NULL DEFAULT 0,
  commission      bigint NOT NULL DEFAULT 0,
  reversals       bigint NOT NULL DEFAULT 0,
  reversal_amount bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, grain, bucket, dimension, currency, key)
);

-- Each reference a network reported, counted in the period it first appeared, and whether a click
-- carried it; with rollups of those counts per day and month.
CREATE TABLE publisher_references (
  site_id        text NOT NULL,
  reference_hash text NOT NULL,
  first_at       timestamptz NOT NULL,
  has_click      boolean NOT NULL DEFAULT false,
  PRIMARY KEY (site_id, reference_hash)
);
CREATE INDEX publisher_references_first_idx ON publisher_references (site_id, first_at);

CREATE TABLE publisher_reference_rollups (
  site_id    text NOT NULL,
  grain      text NOT NULL CHECK (grain IN ('day', 'month')),
  bucket     date NOT NULL,
  refs       bigint NOT NULL DEFAULT 0,
  matched    bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, grain, bucket)
);
