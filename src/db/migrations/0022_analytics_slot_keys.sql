-- One table of per-key slots for distinct sessions and visitors (issue #19): 0021 kept a session's
-- slots and its visitor key's ('s:' and the session id, for an event without a device) in two
-- tables, so every new session without a device cost a roll two index probes and two inserts of
-- the same key (a track event of a new session: about 20 µs of PostgreSQL's CPU, as much as
-- inserting the event). Now a key is a row a slot: 's:' and a session id, or 'd:' and a device
-- id; `visitor` says whether the row counts for visitors ('d:' rows always; an 's:' row when an
-- event of that session in that slot had no device). Sessions are the 's:' rows, visitors the rows
-- with `visitor`. A new session without a device: one probe and one insert. Keys compare
-- bytewise (COLLATE "C": they are ids, never shown in order), so the index and a roll's sorts of its
-- keys skip the database's locale rules.
--
-- The rows are converted (the distinct counts of analytics_slot_distinct stay valid, nothing is
-- rolled again): every session row, marked as a visitor when 0021 had its 's:' visitor row, and
-- every device visitor row.
CREATE TABLE analytics_slot_keys (
  site_id text NOT NULL,
  key     text COLLATE "C" NOT NULL,
  slot    timestamptz NOT NULL,
  visitor boolean NOT NULL,
  PRIMARY KEY (site_id, key, slot)
);

INSERT INTO analytics_slot_keys (site_id, key, slot, visitor)
SELECT s.site_id, 's:' || s.session_id, s.slot,
       EXISTS (SELECT 1 FROM analytics_slot_visitors v WHERE v.site_id = s.site_id AND v.visitor = 's:' || s.session_id AND v.slot = s.slot)
  FROM analytics_slot_sessions s
UNION ALL
SELECT v.site_id, v.visitor, v.slot, true FROM analytics_slot_visitors v WHERE v.visitor LIKE 'd:%';

DROP TABLE analytics_slot_sessions;
DROP TABLE analytics_slot_visitors;
