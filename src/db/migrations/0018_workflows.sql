-- Workflows and their webhook deliveries (CONTRACT §11, issue #17). A delivery is written in the
-- same transaction as what triggered it, with the job that sends it (an outbox). Signing secrets
-- are sealed (AES-256-GCM with the click-id keyring, bound to the workflow); during a rotation the
-- previous secret signs too until previous_secret_until.

CREATE TABLE workflows (
  site_id                    text NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  workflow_id                text COLLATE "C" NOT NULL,
  name                       text NOT NULL,
  status                     text NOT NULL CHECK (status IN ('active', 'paused')),
  trigger_on                 text NOT NULL CHECK (trigger_on IN ('event', 'conversion', 'publisher_report', 'experiment')),
  event_types                text[],
  conditions                 jsonb NOT NULL DEFAULT '[]',
  url                        text NOT NULL,
  secret_ciphertext          text NOT NULL,
  secret_key_id              text NOT NULL,
  previous_secret_ciphertext text,
  previous_secret_key_id     text,
  previous_secret_until      timestamptz,
  version                    integer NOT NULL DEFAULT 1,
  created_at                 timestamptz NOT NULL DEFAULT now(),
  updated_at                 timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, workflow_id)
);
-- Matching a happening is an indexed lookup of the site's active workflows on its trigger.
CREATE INDEX workflows_trigger_idx ON workflows (site_id, trigger_on) WHERE status = 'active';
CREATE INDEX workflows_list_idx ON workflows (site_id, created_at DESC, workflow_id DESC);

CREATE TABLE webhook_deliveries (
  site_id          text NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  delivery_id      text COLLATE "C" NOT NULL,
  webhook_id       text NOT NULL,
  workflow_id      text NOT NULL,
  type             text NOT NULL,
  -- The body as sent: { type, timestamp, data }.
  body             text NOT NULL,
  status           text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  last_status_code integer,
  last_error       text,
  next_attempt_at  timestamptz,
  response_body    text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, delivery_id),
  FOREIGN KEY (site_id, workflow_id) REFERENCES workflows (site_id, workflow_id) ON DELETE CASCADE
);
CREATE INDEX webhook_deliveries_list_idx ON webhook_deliveries (site_id, workflow_id, created_at DESC, delivery_id DESC);
