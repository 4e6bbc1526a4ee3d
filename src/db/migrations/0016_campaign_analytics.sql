-- Campaign analytics (CONTRACT §12 `campaigns`, issue #16): impressions and clicks of campaigns in a
-- period, and what the sessions that clicked did after the click (add-to-carts, server-trusted
-- purchases). Two partial indexes: only the event types they cover pay for them at ingestion.

CREATE INDEX events_campaign_activity_idx ON events (site_id, occurred_at)
  WHERE event_type IN ('recommendation_impression', 'recommendation_click', 'overlay_impression', 'overlay_click');

CREATE INDEX events_session_outcomes_idx ON events (site_id, session_id, occurred_at)
  WHERE event_type IN ('add_to_cart', 'purchase');
