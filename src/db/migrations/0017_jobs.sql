-- Durable jobs (CONTRACT §11, issue #17): rows in the same database on both engines, claimed with
-- FOR UPDATE SKIP LOCKED by a worker in every process (unless WORKER=0). A claimed job holds a lease
-- (locked_until); a job whose worker died is claimed again once its lease has passed. Work that
-- other writes cause (a webhook delivery) is enqueued in the same transaction as its cause: nothing
-- committed is ever missed.

CREATE TABLE jobs (
  job_id       text COLLATE "C" PRIMARY KEY,
  queue        text NOT NULL,
  -- At most one unfinished job per (queue, key) (e.g. one run of an integration at a time).
  key          text,
  site_id      text,
  payload      jsonb NOT NULL,
  status       text NOT NULL CHECK (status IN ('waiting', 'running', 'succeeded', 'failed')),
  attempts     integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL CHECK (max_attempts >= 1),
  run_at       timestamptz NOT NULL,
  locked_until timestamptz,
  locked_by    text,
  last_error   text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- What a worker claims: due waiting jobs, and running jobs whose lease has passed.
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status = 'waiting';
CREATE INDEX jobs_lease_idx ON jobs (locked_until) WHERE status = 'running';
CREATE UNIQUE INDEX jobs_key_idx ON jobs (queue, key) WHERE key IS NOT NULL AND status IN ('waiting', 'running');
-- Operators' list (newest first, of one status or all), and the pruning of succeeded jobs.
CREATE INDEX jobs_list_idx ON jobs (created_at DESC, job_id COLLATE "C" DESC);
CREATE INDEX jobs_status_idx ON jobs (status, created_at DESC, job_id COLLATE "C" DESC);
CREATE INDEX jobs_succeeded_idx ON jobs (updated_at) WHERE status = 'succeeded';
