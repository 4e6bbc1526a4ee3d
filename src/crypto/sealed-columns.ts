// Every column that holds a sealed raw value (click ids, publisher references), with the row
// context its ciphertext is bound to. Rotation and retention work over all of them alike.

export interface SealedColumn {
  table: string;
  /** Columns that identify a row (the first is always site_id). */
  keys: readonly string[];
  ciphertext: string;
  keyId: string;
  /** The time that retention counts from. */
  timeColumn: string;
  /** The associated data the value was sealed with, from the row's keys. */
  context(row: Record<string, string>): string;
}

/** The associated data a touch's click id is sealed with. */
export const touchSealContext = (siteId: string, touchId: string): string => `${siteId}\n${touchId}`;

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  {
    table: 'touches',
    keys: ['site_id', 'touch_id'],
    ciphertext: 'click_id_ciphertext',
    keyId: 'click_id_key_id',
    timeColumn: 'occurred_at',
    context: (r) => touchSealContext(r.site_id!, r.touch_id!),
  },
  {
    table: 'publisher_clicks',
    keys: ['site_id', 'click_id'],
    ciphertext: 'reference_ciphertext',
    keyId: 'reference_key_id',
    timeColumn: 'occurred_at',
    context: (r) => `${r.site_id}\nclick:${r.click_id}`,
  },
  {
    table: 'publisher_records',
    keys: ['site_id', 'provider', 'provider_transaction_id'],
    ciphertext: 'reference_ciphertext',
    keyId: 'reference_key_id',
    timeColumn: 'transaction_at',
    context: (r) => `${r.site_id}\nrecord:${r.provider}:${r.provider_transaction_id}`,
  },
];
