// The integrations' sealed API tokens, declared for click-id key rotation (`storefront click-ids
// rotate` re-seals them with the newest key). Retention leaves them alone: a token is kept while its
// integration exists.
import type { SealedColumn } from '../../crypto/sealed-columns.js';
import { tokenContext } from './integration.js';

export const INTEGRATION_TOKENS: readonly SealedColumn[] = [
  {
    table: 'integrations',
    keys: ['site_id', 'integration_id'],
    ciphertext: 'token_ciphertext',
    keyId: 'token_key_id',
    timeColumn: 'created_at',
    retention: false,
    context: (r) => tokenContext(r.site_id!, r.integration_id!),
  },
];
