-- Campaigns (issue #15, CONTRACT §9): overlays, chatbots and recommendation slots of a site, with
-- their content (jsonb, in its normal form: only known fields), targeting, trigger and frequency caps,
-- an optional gating experiment, dates, a priority and a status (archived is terminal). `version`
-- counts changes. media_ids lists the media items the content names, so that the media module's
-- "is it in use" question is one indexed lookup (archived campaigns use none).

CREATE TABLE campaigns (
  site_id       text NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  campaign_id   text COLLATE "C" NOT NULL,
  name          text NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('overlay', 'chatbot', 'recommendation')),
  status        text NOT NULL CHECK (status IN ('draft', 'active', 'paused', 'archived')),
  content       jsonb NOT NULL,
  targeting     jsonb NOT NULL,
  trigger       jsonb NOT NULL,
  frequency     jsonb NOT NULL,
  experiment_id text,
  priority      integer NOT NULL DEFAULT 0,
  starts_at     timestamptz,
  ends_at       timestamptz,
  media_ids     text[] NOT NULL DEFAULT '{}',
  version       integer NOT NULL DEFAULT 1,
  created_by    text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, campaign_id),
  CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at)
);

CREATE INDEX campaigns_list_idx ON campaigns (site_id, created_at DESC, campaign_id DESC);
CREATE INDEX campaigns_active_idx ON campaigns (site_id, priority DESC, created_at) WHERE status = 'active';
CREATE INDEX campaigns_media_idx ON campaigns USING gin (media_ids) WHERE status <> 'archived';
