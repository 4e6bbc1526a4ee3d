// Click-id protection over every sealed column the modules declare: rotation re-seals values sealed
// with an older key (CLICK_ID_KEYS, newest first), retention drops sealed values past their age and
// keeps the rest of each row (columns declared `retention: false` are left to their own rule).
import type { Database } from '../db/types.js';
import type { ClickIdKeyring } from './click-id-keyring.js';
import type { SealedColumn } from './sealed-columns.js';
import * as sealedRepo from './sealed-columns-repository.js';

export function createClickIdProtection(db: Database, keyring: ClickIdKeyring, columns: readonly SealedColumn[]) {
  return {
    /** Re-seals click ids and publisher references sealed with an older key (CLICK_ID_KEYS rotation). */
    async rotate(batchSize = 500): Promise<{ rotated: number; key_id: string }> {
      let rotated = 0;
      for (const column of columns) {
        for (;;) {
          const page = await sealedRepo.findSealedWithOtherKeys(db, column, keyring.currentKeyId, batchSize);
          if (page.length === 0) break;
          await db.transaction(async (tx) => {
            for (const row of page) {
              const context = column.context(row);
              const raw = keyring.open({ keyId: row.key_id!, ciphertext: row.ciphertext! }, context);
              await sealedRepo.reseal(tx, column, row, keyring.seal(raw, context));
            }
          });
          rotated += page.length;
        }
      }
      return { rotated, key_id: keyring.currentKeyId };
    },

    /**
     * Removes sealed raw values older than `days` days (touches, clicks, report records); keeps the rest
     * of each row. Columns declared `retention: false` (submitted form fields) are not touched.
     */
    async purge(days: number, now = Date.now()): Promise<{ purged: number; before: string }> {
      const before = new Date(now - days * 86_400_000);
      let purged = 0;
      for (const column of columns) {
        if (column.retention !== false) purged += await sealedRepo.purgeSealed(db, column, before);
      }
      return { purged, before: before.toISOString() };
    },
  };
}

export type ClickIdProtection = ReturnType<typeof createClickIdProtection>;
