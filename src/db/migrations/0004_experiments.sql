-- Partner experiments: definitions, sticky assignments (with each session's current metric
-- values), and per-arm running sums kept up to date as assignments and ledger entries arrive.

CREATE TABLE experiments (
  experiment_id          text NOT NULL,
  site_id                text NOT NULL,
  name                   text NOT NULL,
  hypothesis             text,
  surfaces               jsonb NOT NULL,
  weight_control         double precision NOT NULL,
  weight_treatment       double precision NOT NULL,
  conversion_window_days integer NOT NULL,
  refund_window_days     integer NOT NULL,
  mde                    double precision NOT NULL,
  alpha                  double precision NOT NULL,
  -- Currency of the money metrics: given at creation, or taken from the first linked purchase.
  currency               text,
  state                  text NOT NULL CHECK (state IN ('draft', 'running', 'stopped')),
  salt                   text NOT NULL,
  created_by             text,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  started_at             timestamptz,
  stopped_at             timestamptz,
  PRIMARY KEY (experiment_id, site_id)
);
CREATE INDEX experiments_site_idx ON experiments (site_id, state);

CREATE TABLE experiment_assignments (
  site_id       text NOT NULL,
  experiment_id text NOT NULL,
  session_id    text NOT NULL,
  assignment_id text NOT NULL,
  variant       text NOT NULL CHECK (variant IN ('control', 'treatment')),
  assigned_at   timestamptz NOT NULL,
  -- The session's metric values now (minor units); the running sums move by their changes.
  converted     boolean NOT NULL DEFAULT false,
  revenue       bigint NOT NULL DEFAULT 0,
  margin        bigint NOT NULL DEFAULT 0,
  partner       bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, experiment_id, session_id)
);
CREATE UNIQUE INDEX experiment_assignments_id_idx ON experiment_assignments (site_id, assignment_id);

-- Running sums per arm, striped over shards so that concurrent writers rarely wait on one row;
-- results add the shards up.
CREATE TABLE experiment_arm_stats (
  site_id          text NOT NULL,
  experiment_id    text NOT NULL,
  variant          text NOT NULL,
  shard            smallint NOT NULL,
  sessions         bigint NOT NULL DEFAULT 0,
  conversions      bigint NOT NULL DEFAULT 0,
  revenue_sum      numeric NOT NULL DEFAULT 0,
  revenue_sumsq    numeric NOT NULL DEFAULT 0,
  margin_sum       numeric NOT NULL DEFAULT 0,
  margin_sumsq     numeric NOT NULL DEFAULT 0,
  partner_sum      numeric NOT NULL DEFAULT 0,
  partner_sumsq    numeric NOT NULL DEFAULT 0,
  late_count       bigint NOT NULL DEFAULT 0,
  late_revenue     numeric NOT NULL DEFAULT 0,
  pre_assignment   bigint NOT NULL DEFAULT 0,
  other_currency   bigint NOT NULL DEFAULT 0,
  refund_count     bigint NOT NULL DEFAULT 0,
  refund_amount    numeric NOT NULL DEFAULT 0,
  last_purchase_at timestamptz,
  PRIMARY KEY (site_id, experiment_id, variant, shard)
);

-- How each order-to-assignment link counts: included in the metrics, or why not.
ALTER TABLE conversion_assignments
  ADD COLUMN status text NOT NULL DEFAULT 'unresolved'
  CHECK (status IN ('unresolved', 'included', 'late', 'pre_assignment', 'other_currency'));
