// A column that holds a sealed raw value (click ids, publisher references), with the row context its
// ciphertext is bound to. The modules that seal values declare their columns; rotation and retention
// (click-id-protection.ts) work over all of them alike.

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
