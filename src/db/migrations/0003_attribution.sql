-- Partner attribution: browser touches (click ids sealed, never stored raw) and the conversion
-- ledger (one row of current state per order, derived from its append-only entries).

CREATE TABLE touches (
  site_id             text NOT NULL,
  touch_id            text NOT NULL,
  schema_version      integer NOT NULL,
  provider            text NOT NULL CHECK (provider IN ('awin', 'cj')),
  direction           text NOT NULL,
  partner_id          text,
  landing_path        text,
  session_id          text,
  provenance          text NOT NULL,
  occurred_at         timestamptz NOT NULL,
  received_at         timestamptz NOT NULL DEFAULT now(),
  -- Keyed HMAC of provider and raw click id: lookups and "same content" comparisons.
  click_id_hash       text NOT NULL,
  -- AES-256-GCM of the raw click id and the key that sealed it; NULL once purged after retention.
  click_id_ciphertext text,
  click_id_key_id     text,
  -- Fingerprint of the touch as sent (with the click id's HMAC in place of the raw value).
  content_hash        text NOT NULL,
  PRIMARY KEY (site_id, touch_id)
);
CREATE INDEX touches_click_id_hash_idx ON touches (site_id, provider, click_id_hash);
CREATE INDEX touches_sealed_idx ON touches (click_id_key_id) WHERE click_id_ciphertext IS NOT NULL;

CREATE TABLE conversions (
  site_id            text NOT NULL,
  order_id           text NOT NULL,
  conversion_id      text NOT NULL,
  currency           text NOT NULL,
  state              text NOT NULL CHECK (state IN ('open', 'cancelled')),
  net_revenue        bigint NOT NULL CHECK (net_revenue >= 0),
  net_commissionable bigint NOT NULL CHECK (net_commissionable >= 0),
  net_margin         bigint,
  -- Latest source timestamp (occurred_at) of the order's entries: adjustments must come later.
  latest_source_at   timestamptz NOT NULL,
  purchased_at       timestamptz NOT NULL,
  entries            integer NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, order_id)
);
CREATE UNIQUE INDEX conversions_conversion_id_idx ON conversions (site_id, conversion_id);

CREATE TABLE conversion_entries (
  site_id              text NOT NULL,
  entry_id             text NOT NULL,
  order_id             text NOT NULL,
  seq                  integer NOT NULL,
  type                 text NOT NULL CHECK (type IN ('purchase', 'adjustment', 'cancellation')),
  idempotency_key      text NOT NULL,
  -- SHA-256 of the canonical request: an identical replay is recognised, a changed one refused.
  fingerprint          text NOT NULL,
  occurred_at          timestamptz NOT NULL,
  received_at          timestamptz NOT NULL DEFAULT now(),
  revenue_delta        bigint NOT NULL,
  commissionable_delta bigint NOT NULL,
  margin_delta         bigint,
  reason               text,
  -- The normalised request (amounts in minor units).
  payload              jsonb NOT NULL,
  PRIMARY KEY (site_id, entry_id),
  FOREIGN KEY (site_id, order_id) REFERENCES conversions (site_id, order_id)
);
CREATE UNIQUE INDEX conversion_entries_idempotency_idx ON conversion_entries (site_id, idempotency_key);
CREATE UNIQUE INDEX conversion_entries_order_seq_idx ON conversion_entries (site_id, order_id, seq);

-- Touches and experiment assignments an order names; resolved by joining when they exist.
CREATE TABLE conversion_touches (
  site_id  text NOT NULL,
  order_id text NOT NULL,
  touch_id text NOT NULL,
  PRIMARY KEY (site_id, order_id, touch_id)
);
CREATE INDEX conversion_touches_touch_idx ON conversion_touches (site_id, touch_id);

CREATE TABLE conversion_assignments (
  site_id       text NOT NULL,
  order_id      text NOT NULL,
  assignment_id text NOT NULL,
  PRIMARY KEY (site_id, order_id, assignment_id)
);
CREATE INDEX conversion_assignments_assignment_idx ON conversion_assignments (site_id, assignment_id);
