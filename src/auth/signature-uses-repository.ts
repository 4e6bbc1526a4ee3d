// SQL of used platform signatures (replay protection).
import type { Queryable } from '../db/types.js';
import { SIGNATURE_TOLERANCE_SECONDS } from './platform-signature.js';

/** Records a signature as used; false when it was used before (a replay). Prunes old entries. */
export async function recordSignatureUse(q: Queryable, signature: string): Promise<boolean> {
  await q.query(`DELETE FROM platform_signature_uses WHERE used_at < now() - make_interval(secs => $1)`, [
    SIGNATURE_TOLERANCE_SECONDS * 2 + 60,
  ]);
  const { rowCount } = await q.query('INSERT INTO platform_signature_uses (signature) VALUES ($1) ON CONFLICT DO NOTHING', [signature]);
  return rowCount === 1;
}
