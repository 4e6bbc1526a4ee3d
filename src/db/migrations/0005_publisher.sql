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
-- Analytics read records by period: the index carries every column they aggregate, so a period
-- is an index-only range scan rather than a walk over wide rows.
CREATE INDEX publisher_records_transaction_idx ON publisher_records (site_id, transaction_at)
  INCLUDE (reference_hash, has_click, currency, status, content_id, destination, sale_amount, commission_amount, reversal_amount);
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
