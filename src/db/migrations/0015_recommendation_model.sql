-- The recommendation model (issue #16, CONTRACT §10): item-to-item co-occurrence counts learned
-- incrementally from product events, and each product's top neighbours materialised, so every
-- process serves the same answers.
--
-- The stream of product events needs a position that never skips an event that commits late.
-- received_at cannot be one (it is stamped before the group commit flushes, and by each process's
-- own clock), and a sequence is no better (numbers are taken in one order and committed in
-- another). An event's transaction id can: every transaction below the oldest one still running
-- (pg_snapshot_xmin of a snapshot) has committed or never will, so a reader that reads only below
-- that horizon, in transaction-id order, never misses an event that becomes visible later. The
-- column costs nothing to fill (an inserting transaction has its id already); events written
-- before this migration read as '1', older than any real transaction, so the first refresh of a
-- site learns them too. ADD COLUMN with a constant default rewrites nothing; the column's default
-- is changed after, for new rows only.
ALTER TABLE events ADD COLUMN ingest_xid xid8 NOT NULL DEFAULT '1';
ALTER TABLE events ALTER COLUMN ingest_xid SET DEFAULT pg_current_xact_id();

-- Product events of a site in stream order (the refresh reads after its cursor), only those. The
-- events of one transaction share its id, so the index keeps each (site, transaction) once with
-- the list of its rows (B-tree deduplication): a twelfth of the size of an index that also held the
-- event id, and cheaper to insert into (BENCHMARKS.md). The cursor's event id orders the rows of one
-- transaction, sorted when read (at most one group commit's flush in practice).
CREATE INDEX events_product_stream_idx ON events (site_id, ingest_xid)
  WHERE event_type IN ('product_view', 'add_to_cart', 'purchase');

-- One row a site: how far its model has learned, and the lock a refresh takes (FOR UPDATE SKIP
-- LOCKED: one refresh of a site at a time across processes; every write to the site's model
-- happens in a transaction holding it).
CREATE TABLE recommendation_models (
  site_id      text PRIMARY KEY REFERENCES sites (site_id) ON DELETE CASCADE,
  -- Opaque position in the stream of product events (the events module's); null: nothing learned.
  stream_cursor text,
  events       bigint NOT NULL DEFAULT 0,
  refreshed_at timestamptz
);

-- Co-occurrence counts, each pair once (product_id < other_id as the refresh orders them); a
-- product's candidates are the rows naming it on either side (the key, and the index after it).
-- kind: 'similar' (sessions' interactions) or 'bought' (server-trusted purchases). Room left in
-- each page, so that adding to a count is a HOT update that touches no index.
CREATE TABLE recommendation_pairs (
  site_id    text NOT NULL,
  kind       text NOT NULL CHECK (kind IN ('similar', 'bought')),
  product_id text COLLATE "C" NOT NULL,
  other_id   text COLLATE "C" NOT NULL,
  weight     float8 NOT NULL,
  sessions   integer NOT NULL,
  PRIMARY KEY (site_id, kind, product_id, other_id)
) WITH (fillfactor = 80);

CREATE INDEX recommendation_pairs_other_idx ON recommendation_pairs (site_id, kind, other_id);

-- A product's norm (the cosine's denominator); whether its neighbours need ranking again (it
-- gained a session or a pair, or a neighbour's norm grew); and its norm when the products that
-- have it as a neighbour were last told to rank again (they are when it grows past a drift).
CREATE TABLE recommendation_products (
  site_id     text NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('similar', 'bought')),
  product_id  text COLLATE "C" NOT NULL,
  norm        float8 NOT NULL,
  sessions    integer NOT NULL,
  stale       boolean NOT NULL DEFAULT true,
  ranked_norm float8 NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, kind, product_id)
) WITH (fillfactor = 85);

CREATE INDEX recommendation_products_stale_idx ON recommendation_products (site_id, kind, product_id) WHERE stale;

-- The materialised answer: a product's top neighbours, best first: [[product_id, score], …].
CREATE TABLE recommendation_neighbours (
  site_id      text NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('similar', 'bought')),
  product_id   text COLLATE "C" NOT NULL,
  neighbours   jsonb NOT NULL,
  computed_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, kind, product_id)
);

-- What the model remembers of a recent session: its products and weights, its basket, its recent
-- views (personalized answers read them). Forgotten a while after the session's last event.
CREATE TABLE recommendation_sessions (
  site_id    text NOT NULL,
  session_id text NOT NULL,
  state      jsonb NOT NULL,
  last_at    timestamptz NOT NULL,
  PRIMARY KEY (site_id, session_id)
);

CREATE INDEX recommendation_sessions_age_idx ON recommendation_sessions (site_id, last_at);
