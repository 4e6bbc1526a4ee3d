// Secret API keys (CONTRACT §1): owners create and revoke them, members list them, and every server
// request's key is verified here (the verifier authentication is given).
import { SCOPES } from '../../auth/scopes.js';
import { list, int, str } from '../../cli/command.js';
import { UsageError } from '../../cli/usage.js';
import { SYSTEM } from '../../kernel/index.js';
import { defineModule } from '../module.js';
import { createApiKeysService } from './api-keys-service.js';
import { apiKeysRoutes } from './routes.js';

export const apiKeysModule = defineModule({
  name: 'apiKeys',
  services: (ctx) => createApiKeysService(ctx.db, ctx.secrets, ctx.config.limits),
  routes: (apiKeys) => [{ prefix: '/api/v1', plugin: apiKeysRoutes(apiKeys) }],
  apiKeyVerifier: (apiKeys) => apiKeys,
  commands: {
    'key create': {
      kind: 'database',
      usage: 'key create --site SITE --scopes s1,s2 [--name N] [--rate-limit N]',
      options: { site: { type: 'string' }, scopes: { type: 'string', multiple: true }, name: { type: 'string' }, 'rate-limit': { type: 'string' } },
      async run(apiKeys, o) {
        const scopes = list(o, 'scopes');
        if (scopes.length === 0) throw new UsageError('--scopes is required, e.g. --scopes events:write,partner_attribution:convert');
        const key = await apiKeys.createKey(SYSTEM, str(o, 'site')!, {
          name: str(o, 'name', false),
          scopes,
          rateLimitPerHour: int(o, 'rate-limit', 1, 100_000_000),
        });
        return { key_id: key.key_id, api_key: key.api_key, scopes: key.scopes, site_id: key.site_id, rate_limit_per_hour: key.rate_limit_per_hour };
      },
    },
    'key revoke': {
      kind: 'database',
      usage: 'key revoke KEY_ID',
      options: {},
      positionals: true,
      async run(apiKeys, _o, positionals) {
        const keyId = positionals[0];
        if (!keyId) throw new UsageError('usage: storefront key revoke KEY_ID');
        const key = await apiKeys.revokeKey(SYSTEM, undefined, keyId);
        return { key_id: key.key_id, revoked_at: key.revoked_at };
      },
    },
  },
  // The embedded engine's zero-setup start prints a key with every scope, of its own site (never the demo's).
  async firstStart(apiKeys, start) {
    if (!start.keySite) return;
    const key = await apiKeys.createKey(SYSTEM, start.keySite.site_id, { name: 'first start (every scope)', scopes: [...SCOPES] });
    start.made.key = { apiKey: key.api_key, keyId: key.key_id };
  },
});
