// SQL of used platform-signature nonces (replay protection, shared by every server process).
import type { Queryable } from '../db/types.js';
import { SIGNATURE_TOLERANCE_SECONDS } from './platform-signature.js';

/** Records a nonce as used; false when it was used before (a replay). Prunes nonces past any signature's tolerance. */
export async function recordNonceUse(q: Queryable, nonce: string): Promise<boolean> {
  await q.query(`DELETE FROM platform_signature_nonces WHERE used_at < now() - make_interval(secs => $1)`, [SIGNATURE_TOLERANCE_SECONDS * 2 + 60]);
  const { rowCount } = await q.query('INSERT INTO platform_signature_nonces (nonce) VALUES ($1) ON CONFLICT DO NOTHING', [nonce]);
  return rowCount === 1;
}
