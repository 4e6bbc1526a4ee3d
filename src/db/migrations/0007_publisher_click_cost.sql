-- Publisher clicks cost the same whatever number of records share their reference (issue #11).
-- Records no longer carry their click's context: each reference keeps, in publisher_references, the
-- earliest click that carried it (the context its records are attributed to) and, in
-- publisher_reference_earnings, the figures of its earned records per day. A click that
-- becomes a reference's earliest moves the content and destination rollups by those figures.

-- A row per reference known from a click or a report (the row both write paths lock): first_at is
-- NULL until a network reports the reference; records counts the records naming it now; the click
-- columns are NULL until a click carries it.
ALTER TABLE publisher_references
  ALTER COLUMN first_at DROP NOT NULL,
  ADD COLUMN records     integer NOT NULL DEFAULT 0,
  ADD COLUMN click_id    text,
  ADD COLUMN click_at    timestamptz,
  ADD COLUMN content_id  text,
  ADD COLUMN destination text;

-- The earliest click of each reference (by occurred_at, then click_id as the code compares them).
INSERT INTO publisher_references (site_id, reference_hash, click_id, click_at, content_id, destination)
SELECT DISTINCT ON (site_id, reference_hash) site_id, reference_hash, click_id, occurred_at, content_id, destination
  FROM publisher_clicks
 ORDER BY site_id, reference_hash, occurred_at, click_id COLLATE "C"
ON CONFLICT (site_id, reference_hash) DO UPDATE SET
  click_id = EXCLUDED.click_id, click_at = EXCLUDED.click_at, content_id = EXCLUDED.content_id, destination = EXCLUDED.destination;

UPDATE publisher_references p SET records = n.records
  FROM (SELECT site_id, reference_hash, count(*) AS records FROM publisher_records WHERE reference_hash IS NOT NULL GROUP BY site_id, reference_hash) AS n
 WHERE p.site_id = n.site_id AND p.reference_hash = n.reference_hash;

-- Earned (pending and approved) record figures of each reference, per UTC day of transaction_at
-- and currency (a month is the sum of its days).
CREATE TABLE publisher_reference_earnings (
  site_id        text NOT NULL,
  reference_hash text NOT NULL,
  day            date NOT NULL,
  currency       text NOT NULL,
  records        bigint NOT NULL DEFAULT 0,
  sale           bigint NOT NULL DEFAULT 0,
  commission     bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, reference_hash, day, currency)
);

INSERT INTO publisher_reference_earnings (site_id, reference_hash, day, currency, records, sale, commission)
SELECT site_id, reference_hash, (transaction_at AT TIME ZONE 'UTC')::date, currency, count(*), sum(sale_amount), sum(commission_amount)
  FROM publisher_records
 WHERE reference_hash IS NOT NULL AND status <> 'declined'
 GROUP BY 1, 2, 3, 4;

-- The content and destination record rollups, rebuilt by the one rule from now on: a record counts
-- under its reference's earliest click (a click arriving after its records used to give them its
-- own context, even when an earlier click carried the reference).
DELETE FROM publisher_record_rollups WHERE dimension IN ('content', 'destination');
INSERT INTO publisher_record_rollups (site_id, grain, bucket, dimension, currency, key, records, sale, commission, reversals, reversal_amount)
SELECT e.site_id, g.grain, g.bucket, d.dimension, e.currency, d.key, sum(e.records), sum(e.sale), sum(e.commission), 0, 0
  FROM publisher_reference_earnings e
  JOIN publisher_references p ON p.site_id = e.site_id AND p.reference_hash = e.reference_hash
 CROSS JOIN LATERAL (VALUES ('day', e.day), ('month', date_trunc('month', e.day)::date)) AS g(grain, bucket)
 CROSS JOIN LATERAL (VALUES ('content', p.content_id), ('destination', p.destination)) AS d(dimension, key)
 WHERE d.key IS NOT NULL AND d.key <> ''
 GROUP BY e.site_id, g.grain, g.bucket, d.dimension, e.currency, d.key;

-- Reference counts, rebuilt from the rows they count (matched: a click carries the reference).
DELETE FROM publisher_reference_rollups;
INSERT INTO publisher_reference_rollups (site_id, grain, bucket, refs, matched)
SELECT p.site_id, g.grain, g.bucket, count(*), count(*) FILTER (WHERE p.click_id IS NOT NULL)
  FROM publisher_references p
 CROSS JOIN LATERAL (VALUES ('day', (p.first_at AT TIME ZONE 'UTC')::date),
                            ('month', date_trunc('month', p.first_at AT TIME ZONE 'UTC')::date)) AS g(grain, bucket)
 WHERE p.first_at IS NOT NULL
 GROUP BY p.site_id, g.grain, g.bucket;

-- What the click columns now say.
ALTER TABLE publisher_references DROP COLUMN has_click;
ALTER TABLE publisher_records DROP COLUMN has_click, DROP COLUMN content_id, DROP COLUMN destination;

-- Only reported references are counted by first_at.
DROP INDEX publisher_references_first_idx;
CREATE INDEX publisher_references_first_idx ON publisher_references (site_id, first_at) WHERE first_at IS NOT NULL;
