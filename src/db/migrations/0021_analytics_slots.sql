-- Merchant analytics fast at scale (issue #18): exact distinct visitors and sessions of a period
-- without count(DISTINCT) over every key of its hours.
--
-- The per-hour key rows (0020) are kept, ordered by key: a roll finds the hours a key already has,
-- and a query asks whether a key read raw is already among a range of rolled hours, in one probe.
ALTER TABLE analytics_hourly_sessions DROP CONSTRAINT analytics_hourly_sessions_pkey;
ALTER TABLE analytics_hourly_sessions ADD PRIMARY KEY (site_id, session_id, hour);
ALTER TABLE analytics_hourly_visitors DROP CONSTRAINT analytics_hourly_visitors_pkey;
ALTER TABLE analytics_hourly_visitors ADD PRIMARY KEY (site_id, visitor, hour);

-- Per site, kind and rolled hour: how many of the hour's keys have `prev_hour` as their previous
-- rolled hour ('-infinity' when none). The distinct keys of the whole hours [a, b) are then the sum
-- of `keys` over hour in [a, b) with prev_hour < a (each key counted at its first hour in the
-- range): a range sum over a few rows an hour. A roll that gives keys new hours (late events may
-- land between hours they had) moves their contributions to match their new sequence of hours.
CREATE TABLE analytics_hourly_distinct (
  site_id   text NOT NULL,
  kind      text NOT NULL CHECK (kind IN ('sessions', 'visitors')),
  hour      timestamptz NOT NULL,
  prev_hour timestamptz NOT NULL,
  keys      bigint NOT NULL,
  PRIMARY KEY (site_id, kind, hour, prev_hour)
);

INSERT INTO analytics_hourly_distinct (site_id, kind, hour, prev_hour, keys)
SELECT site_id, 'sessions', hour, prev_hour, count(*)
  FROM (SELECT site_id, hour, lag(hour, 1, '-infinity') OVER (PARTITION BY site_id, session_id ORDER BY hour) AS prev_hour
          FROM analytics_hourly_sessions) k
 GROUP BY site_id, hour, prev_hour;

INSERT INTO analytics_hourly_distinct (site_id, kind, hour, prev_hour, keys)
SELECT site_id, 'visitors', hour, prev_hour, count(*)
  FROM (SELECT site_id, hour, lag(hour, 1, '-infinity') OVER (PARTITION BY site_id, visitor ORDER BY hour) AS prev_hour
          FROM analytics_hourly_visitors) k
 GROUP BY site_id, hour, prev_hour;
