-- Hardening (issue #11).
--
-- 1. Deduplication by client_event_id per trust class (CONTRACT §3): a browser event can no longer
--    take the id of a server event. Server events keep their ids (their key material is unchanged);
--    browser events that carry a client_event_id are re-keyed to
--    sha256(site_id || '\n' || '["client_event_id","browser",' || json(client_event_id) || ']'),
--    which is what src/modules/events/dedup-key.ts computes, and their old ids stay readable as
--    aliases. No event is dropped or merged: before this migration (site, client_event_id) was
--    unique, so the new (site, trust class, client_event_id) ids are distinct too.
CREATE TABLE event_id_aliases (
  old_event_id text NOT NULL,
  site_id      text NOT NULL,
  event_id     text NOT NULL,
  PRIMARY KEY (old_event_id, site_id)
);

INSERT INTO event_id_aliases (old_event_id, site_id, event_id)
SELECT event_id, site_id,
       'evt_' || left(encode(sha256(convert_to(
         site_id || E'\n' || '["client_event_id","browser",' || to_json(client_event_id)::text || ']', 'UTF8')), 'hex'), 32)
  FROM events
 WHERE dedup_key_source = 'client_event_id' AND trust_class = 'browser';

UPDATE events e
   SET event_id = a.event_id
  FROM event_id_aliases a
 WHERE e.site_id = a.site_id AND e.event_id = a.old_event_id;

-- 2. Platform signatures v1 cover t, a nonce, the method, the path with its query and the body
--    (CONTRACT §1); each nonce is usable once. The old signature-only replay table goes.
DROP TABLE platform_signature_uses;
CREATE TABLE platform_signature_nonces (
  nonce   text PRIMARY KEY,
  used_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX platform_signature_nonces_used_at_idx ON platform_signature_nonces (used_at);
