-- Events, deduplicated by their primary key: event_id is derived from (site, deduplication key).
-- The key leads with event_id so that GET /events/{event_id} (which does not know the site) uses
-- the same index; it includes site_id like every unique key.

CREATE TABLE events (
  site_id          text NOT NULL,
  event_id         text NOT NULL,
  event_type       text NOT NULL,
  session_id       text NOT NULL,
  user_id          text,
  device_id        text,
  client_event_id  text,
  dedup_key_source text NOT NULL CHECK (dedup_key_source IN ('client_event_id', 'derived')),
  trust_class      text NOT NULL CHECK (trust_class IN ('browser', 'server')),
  -- The credential that sent it: the API key id (server) or the runtime token's origin (browser).
  key_id           text,
  origin           text,
  occurred_at      timestamptz NOT NULL,
  received_at      timestamptz NOT NULL,
  properties       jsonb NOT NULL,
  context          jsonb NOT NULL,
  PRIMARY KEY (event_id, site_id)
);

-- Profile state, updated by server-trust events only.
CREATE TABLE profiles (
  site_id    text NOT NULL,
  user_id    text NOT NULL,
  first_seen timestamptz NOT NULL,
  last_seen  timestamptz NOT NULL,
  traits     jsonb NOT NULL DEFAULT '{}'::jsonb,
  events     bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, user_id)
);
