-- Recommendations (issue #16, CONTRACT §10): every answer is stored with its recommendation_id, its
-- strategy, the campaign and session it was for, and its items in order, so that impression and
-- click events tie back to it. Popularity reads product events of the last days: a partial index
-- on events covers exactly those (the other event types don't pay for it).

CREATE TABLE recommendation_answers (
  site_id           text NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  recommendation_id text COLLATE "C" NOT NULL,
  campaign_id       text NOT NULL,
  strategy          text NOT NULL CHECK (strategy IN ('similar', 'frequently_bought_together', 'personalized', 'popular')),
  session_id        text,
  anchor_product_id text,
  -- [{ product_id, position }] in order.
  items             jsonb NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, recommendation_id)
);

CREATE INDEX recommendation_answers_campaign_idx ON recommendation_answers (site_id, campaign_id, created_at);

CREATE INDEX events_product_activity_idx ON events (site_id, occurred_at)
  WHERE event_type IN ('product_view', 'add_to_cart', 'purchase');
