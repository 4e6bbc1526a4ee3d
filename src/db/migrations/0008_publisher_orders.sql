-- Network reports as the networks export them (issue #12, CONTRACT §6 "Network formats").
-- A record keeps what the network said of it (its status as written, the rank its version has,
-- reasons, advertiser, paid flag, Awin clickRef2–6 as context) and the order it belongs to:
-- CJ corrections share their original's order (originalActionId). The analytics count orders,
-- kept in publisher_orders; the rollups now add up orders, not records.

ALTER TABLE publisher_records DROP CONSTRAINT publisher_records_status_check;
ALTER TABLE publisher_records ADD CONSTRAINT publisher_records_status_check CHECK (status IN ('pending', 'approved', 'declined', 'deleted'));

ALTER TABLE publisher_records
  ADD COLUMN order_key          text,
  ADD COLUMN kind               text NOT NULL DEFAULT 'order' CHECK (kind IN ('order', 'correction', 'bonus')),
  ADD COLUMN network_status     text,
  ADD COLUMN status_rank        smallint NOT NULL DEFAULT 1,
  ADD COLUMN earlier_commission bigint,
  ADD COLUMN advertiser_id      text,
  ADD COLUMN advertiser_name    text,
  ADD COLUMN paid               boolean,
  ADD COLUMN decline_reason     text,
  ADD COLUMN amend_reason       text,
  ADD COLUMN context            jsonb;

UPDATE publisher_records
   SET order_key = provider_transaction_id,
       network_status = status,
       status_rank = CASE status WHEN 'pending' THEN 1 WHEN 'approved' THEN 3 ELSE 5 END;

ALTER TABLE publisher_records ALTER COLUMN order_key SET NOT NULL, ALTER COLUMN network_status SET NOT NULL;
CREATE INDEX publisher_records_order_idx ON publisher_records (site_id, provider, order_key);

-- One row per order: what it contributes to the rollups (status NULL: nothing, e.g. every record
-- deleted). The row is also the lock both concurrent imports of one order's records take.
CREATE TABLE publisher_orders (
  site_id           text NOT NULL,
  provider          text NOT NULL,
  order_key         text NOT NULL,
  status            text CHECK (status IN ('pending', 'approved', 'declined', 'bonus', 'correction')),
  currency          text,
  sale_amount       bigint NOT NULL DEFAULT 0,
  commission_amount bigint NOT NULL DEFAULT 0,
  reversals         integer NOT NULL DEFAULT 0,
  reversal_amount   bigint NOT NULL DEFAULT 0,
  reference_hash    text,
  transaction_at    timestamptz,
  PRIMARY KEY (site_id, provider, order_key)
);
CREATE INDEX publisher_orders_transaction_idx ON publisher_orders (site_id, transaction_at);
CREATE INDEX publisher_orders_reference_idx ON publisher_orders (site_id, reference_hash);

-- Every record so far was an order of its own.
INSERT INTO publisher_orders (site_id, provider, order_key, status, currency, sale_amount, commission_amount, reversals, reversal_amount, reference_hash, transaction_at)
SELECT site_id, provider, provider_transaction_id, status, currency, sale_amount, commission_amount,
       CASE WHEN reversal_amount > 0 THEN 1 ELSE 0 END, reversal_amount, reference_hash, transaction_at
  FROM publisher_records;

-- Rollup rows of orders by status now include bonus and correction keys; nothing to move.
DROP INDEX publisher_records_transaction_idx;
