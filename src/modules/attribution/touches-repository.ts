// All SQL of touches.
import type { Queryable } from '../../db/types.js';
import type { NewTouch } from './touch-record.js';

/** Inserts the touches that are new; returns the ids inserted. */
export async function insertTouches(q: Queryable, rows: readonly NewTouch[]): Promise<Set<string>> {
  const col = <K extends keyof NewTouch>(k: K) => rows.map((r) => r[k]);
  const { rows: inserted } = await q.query<{ touch_id: string }>(
    `INSERT INTO touches (site_id, touch_id, schema_version, provider, direction, partner_id, landing_path, session_id,
                          provenance, occurred_at, click_id_hash, click_id_ciphertext, click_id_key_id, content_hash)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                          $9::text[], $10::timestamptz[], $11::text[], $12::text[], $13::text[], $14::text[])
     ON CONFLICT (site_id, touch_id) DO NOTHING
     RETURNING touch_id`,
    [
      col('siteId'),
      col('touchId'),
      col('schemaVersion'),
      col('provider'),
      col('direction'),
      col('partnerId'),
      col('landingPath'),
      col('sessionId'),
      col('provenance'),
      rows.map((r) => new Date(r.occurredAt).toISOString()),
      col('clickIdHash'),
      col('clickIdCiphertext'),
      col('clickIdKeyId'),
      col('contentHash'),
    ],
  );
  return new Set(inserted.map((r) => r.touch_id));
}

export async function findContentHashes(q: Queryable, siteId: string, touchIds: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await q.query<{ touch_id: string; content_hash: string }>(
    'SELECT touch_id, content_hash FROM touches WHERE site_id = $1 AND touch_id = ANY($2::text[])',
    [siteId, touchIds],
  );
  return new Map(rows.map((r) => [r.touch_id, r.content_hash]));
}
