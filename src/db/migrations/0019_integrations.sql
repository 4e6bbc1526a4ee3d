-- Integrations (CONTRACT §11, issue #17): an owner's Awin or CJ account polled on a schedule, each
-- run importing the trailing window through the publisher import. The API token is sealed
-- (AES-256-GCM with the click-id keyring, bound to the integration); only its last 4 characters are
-- kept in clear. next_run_at is the one scheduled tick that acts (ticks for another time are stale);
-- watermark_at is the end of the window of the last run that succeeded.

CREATE TABLE integrations (
  site_id          text NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  integration_id   text COLLATE "C" NOT NULL,
  kind             text NOT NULL CHECK (kind IN ('awin', 'cj')),
  account_id       text NOT NULL,
  website_id       text,
  token_ciphertext text NOT NULL,
  token_key_id     text NOT NULL,
  token_last4      text NOT NULL,
  currency         text,
  every_minutes    integer NOT NULL CHECK (every_minutes >= 15),
  lookback_days    integer NOT NULL CHECK (lookback_days BETWEEN 1 AND 90),
  status           text NOT NULL CHECK (status IN ('active', 'paused')),
  next_run_at      timestamptz,
  watermark_at     timestamptz,
  version          integer NOT NULL DEFAULT 1,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, integration_id),
  CHECK (kind <> 'cj' OR currency IS NOT NULL)
);
CREATE INDEX integrations_list_idx ON integrations (site_id, created_at DESC, integration_id DESC);

CREATE TABLE integration_runs (
  site_id        text NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  run_id         text COLLATE "C" NOT NULL,
  integration_id text NOT NULL,
  started_by     text NOT NULL CHECK (started_by IN ('schedule', 'manual')),
  status         text NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  window_from    timestamptz,
  window_to      timestamptz,
  records        integer NOT NULL DEFAULT 0,
  created        integer NOT NULL DEFAULT 0,
  updated        integer NOT NULL DEFAULT 0,
  unchanged      integer NOT NULL DEFAULT 0,
  errors         integer NOT NULL DEFAULT 0,
  calls          integer NOT NULL DEFAULT 0,
  error_code     text,
  error_message  text,
  attempts       integer NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  started_at     timestamptz,
  finished_at    timestamptz,
  PRIMARY KEY (site_id, run_id),
  FOREIGN KEY (site_id, integration_id) REFERENCES integrations (site_id, integration_id) ON DELETE CASCADE
);
-- One run at a time per integration: at most one queued or running.
CREATE UNIQUE INDEX integration_runs_unfinished_idx ON integration_runs (site_id, integration_id) WHERE status IN ('queued', 'running');
CREATE INDEX integration_runs_list_idx ON integration_runs (site_id, integration_id, created_at DESC, run_id DESC);
