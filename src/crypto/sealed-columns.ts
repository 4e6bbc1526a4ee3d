// A column that holds a sealed raw value (click ids, publisher references, submitted form fields), with
// the row context its ciphertext is bound to. The modules that seal values declare their columns;
// rotation (click-id-protection.ts) works over all of them alike, retention over those that take it.

export interface SealedColumn {
  table: string;
  /** Columns that identify a row (the first is always site_id). */
  keys: readonly string[];
  ciphertext: string;
  keyId: string;
  /** The time that retention counts from. */
  timeColumn: string;
  /**
   * `false`: click-id retention (`purge`) leaves the column alone: its values are kept until erased by
   * their own rule (a submission's fields, which a member erases). Rotation still re-seals them.
   */
  retention?: false;
  /** The associated data the value was sealed with, from the row's keys. */
  context(row: Record<string, string>): string;
}
