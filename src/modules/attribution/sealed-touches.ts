// A touch's raw click id is sealed bound to its site and touch id; the column, for rotation and retention.
import type { SealedColumn } from '../../crypto/sealed-columns.js';

/** The associated data a touch's click id is sealed with. */
export const touchSealContext = (siteId: string, touchId: string): string => `${siteId}\n${touchId}`;

export const TOUCH_CLICK_IDS: SealedColumn = {
  table: 'touches',
  keys: ['site_id', 'touch_id'],
  ciphertext: 'click_id_ciphertext',
  keyId: 'click_id_key_id',
  timeColumn: 'occurred_at',
  context: (r) => touchSealContext(r.site_id!, r.touch_id!),
};
