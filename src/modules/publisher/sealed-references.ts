// A raw publisher reference is sealed bound to its site and row (a click, or a report record); the
// columns, for rotation and retention.
import type { SealedColumn } from '../../crypto/sealed-columns.js';

export const clickSealContext = (siteId: string, clickId: string): string => `${siteId}\nclick:${clickId}`;
export const recordSealContext = (siteId: string, provider: string, transactionId: string): string => `${siteId}\nrecord:${provider}:${transactionId}`;

export const PUBLISHER_REFERENCES: readonly SealedColumn[] = [
  {
    table: 'publisher_clicks',
    keys: ['site_id', 'click_id'],
    ciphertext: 'reference_ciphertext',
    keyId: 'reference_key_id',
    timeColumn: 'occurred_at',
    context: (r) => clickSealContext(r.site_id!, r.click_id!),
  },
  {
    table: 'publisher_records',
    keys: ['site_id', 'provider', 'provider_transaction_id'],
    ciphertext: 'reference_ciphertext',
    keyId: 'reference_key_id',
    timeColumn: 'transaction_at',
    context: (r) => recordSealContext(r.site_id!, r.provider!, r.provider_transaction_id!),
  },
];
