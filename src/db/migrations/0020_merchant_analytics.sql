-- Merchant analytics (CONTRACT §12, issue #18): the summary, timeseries, top and funnel read the
-- events of a site by occurred_at, and hourly rollups kept behind ingestion read them in stream
-- order (ingest_xid, see 0015: a reader below the snapshot's xmin never misses an event that
-- commits late). Two indexes over every event type serve those two reads.
CREATE INDEX events_site_occurred_idx ON events (site_id, occurred_at);
CREATE INDEX events_site_stream_idx ON events (site_id, ingest_xid);
-- The stream index over every event type serves the recommendation refresh too (it filters the
-- product events it reads): 0015's partial index on the same columns would only be a second insert
-- for every product event.
DROP INDEX events_product_stream_idx;

-- How far a site's rollups go: every event of the site with ingest_xid below `horizon` is in them,
-- none above. Queries read the rollups and, from the raw events, the tail at and above it.
CREATE TABLE analytics_rollup_state (
  site_id   text PRIMARY KEY REFERENCES sites (site_id) ON DELETE CASCADE,
  horizon   xid8 NOT NULL DEFAULT '1',
  events    bigint NOT NULL DEFAULT 0,
  rolled_at timestamptz
);

-- Per site and UTC hour (of occurred_at): the event counts that add up across hours.
CREATE TABLE analytics_hourly (
  site_id           text NOT NULL,
  hour              timestamptz NOT NULL,
  events            bigint NOT NULL,
  page_views        bigint NOT NULL,
  product_views     bigint NOT NULL,
  add_to_carts      bigint NOT NULL,
  browser_purchases bigint NOT NULL,
  PRIMARY KEY (site_id, hour)
);

-- Distinct counts don't add up across hours: each hour keeps its distinct keys, and a period
-- counts the distinct keys of its hours (a session of two hours is one session).
CREATE TABLE analytics_hourly_sessions (
  site_id    text NOT NULL,
  hour       timestamptz NOT NULL,
  session_id text NOT NULL,
  PRIMARY KEY (site_id, hour, session_id)
);

-- A visitor's key: 'd:' and the device_id, or 's:' and the session_id of an event without one.
CREATE TABLE analytics_hourly_visitors (
  site_id text NOT NULL,
  hour    timestamptz NOT NULL,
  visitor text NOT NULL,
  PRIMARY KEY (site_id, hour, visitor)
);
