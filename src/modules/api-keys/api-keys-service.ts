// Secret API keys: created by owners (the secret is returned once; at most LIMIT_API_KEYS_PER_SITE a
// site, revoked ones included), listed by members, revoked by owners, and verified on every server request.
import { timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/types.js';
import { assertWithinLimit, type Limits } from '../../domain/limits.js';
import { AppError, notFound, unauthorized, validationFailed } from '../../errors.js';
import { newKeyId, newSecretApiKey } from '../../ids.js';
import type { Secrets } from '../../secrets.js';
import { createCursorCodec, openPage, type PageRequest, type PageResult } from '../../db/paging.js';
import { toIso, toIsoOrNull } from '../../time.js';
import { isScope, type Scope } from '../../auth/scopes.js';
import type { VerifiedApiKey } from '../../auth/principal.js';
import { getSiteWithRoleOrThrow, type Actor } from '../../kernel/index.js';
import * as repo from './api-keys-repository.js';

/** Events per clock hour a key may send unless its owner set another limit. */
export const DEFAULT_KEY_EVENTS_PER_HOUR = 10_000;

export interface ApiKeyView {
  key_id: string;
  site_id: string;
  name: string | null;
  prefix: string;
  scopes: Scope[];
  rate_limit_per_hour: number;
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

const toView = (row: repo.ApiKeyRow): ApiKeyView => ({
  key_id: row.key_id,
  site_id: row.site_id,
  name: row.name,
  prefix: row.key_prefix,
  scopes: row.scopes.filter(isScope),
  rate_limit_per_hour: row.rate_limit_per_hour,
  expires_at: toIsoOrNull(row.expires_at),
  revoked_at: toIsoOrNull(row.revoked_at),
  created_at: toIso(row.created_at),
});

export interface CreateKeyInput {
  name?: string;
  scopes: string[];
  rateLimitPerHour?: number;
  expiresAt?: Date;
}

/** How long a verified (or unknown) key is remembered in this process; revocation here is immediate. */
export const API_KEY_CACHE_TTL_MS = 5_000;

export function createApiKeysService(db: Database, secrets: Secrets, limits: Pick<Limits, 'apiKeysPerSite'>) {
  const hash = (secret: string) => secrets.keyedHash('api-key-hash', secret);
  // The hot path verifies a key per request; remember rows (and misses) briefly.
  const cache = new LRUCache<string, { row: repo.ApiKeyRow | null }>({ max: 10_000, ttl: API_KEY_CACHE_TTL_MS });
  // The keyed hash of a key that verified, for as long (an HMAC is a tenth of the hot path's work).
  // Only in this process's memory, which holds the secret while it serves the request anyway;
  // revocation still acts at once through `cache`, which the hash is looked up in.
  const hashes = new LRUCache<string, string>({ max: 10_000, ttl: API_KEY_CACHE_TTL_MS });
  const cursors = createCursorCodec(secrets);

  return {
    async createKey(actor: Actor, siteId: string, input: CreateKeyInput): Promise<ApiKeyView & { api_key: string }> {
      const scopes = [...new Set(input.scopes)];
      scopes.forEach((s, i) => {
        if (!isScope(s)) throw validationFailed(`/scopes/${i}`, `unknown scope "${s}"`, 'unknown_scope');
      });
      if (scopes.length === 0) throw validationFailed('/scopes', 'at least one scope is required', 'required');
      if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) {
        throw validationFailed('/expires_at', 'expires_at must be in the future', 'in_past');
      }
      const secret = newSecretApiKey();
      const row = await db.transaction(async (tx) => {
        await getSiteWithRoleOrThrow(tx, siteId, actor, 'owner');
        // Revoked keys count too: revoking is cheap, and the site's list of keys stays bounded.
        await repo.lockSiteKeys(tx, siteId);
        assertWithinLimit('apiKeysPerSite', limits.apiKeysPerSite, await repo.countApiKeys(tx, siteId));
        return repo.insertApiKey(tx, {
          siteId,
          keyId: newKeyId(),
          name: input.name ?? null,
          keyHash: hash(secret),
          keyPrefix: secret.slice(0, 7),
          scopes,
          rateLimitPerHour: input.rateLimitPerHour ?? DEFAULT_KEY_EVENTS_PER_HOUR,
          expiresAt: input.expiresAt ?? null,
          createdBy: actor.kind === 'user' ? actor.userId : null,
        });
      });
      return { ...toView(row), api_key: secret };
    },

    /** The site's keys, newest first (members). */
    async listKeys(actor: Actor, siteId: string, page: PageRequest): Promise<PageResult<ApiKeyView>> {
      await getSiteWithRoleOrThrow(db, siteId, actor, 'member');
      const p = openPage(cursors, `api-keys:${siteId}`, page);
      return p.result(await repo.listApiKeys(db, siteId, p.fetch, p.after), (r) => r.key_id, toView);
    },

    /** Revokes a key. `siteId` undefined (command line) finds the key by its id alone. */
    async revokeKey(actor: Actor, siteId: string | undefined, keyId: string): Promise<ApiKeyView> {
      const key = await repo.findApiKey(db, keyId, siteId);
      if (siteId !== undefined) await getSiteWithRoleOrThrow(db, siteId, actor, 'owner');
      if (!key) throw notFound('API key');
      if (siteId === undefined) await getSiteWithRoleOrThrow(db, key.site_id, actor, 'owner');
      const revoked = (await repo.revokeApiKey(db, key.site_id, keyId))!;
      cache.delete(revoked.key_hash);
      return toView(revoked);
    },

    /** The key behind a presented secret, or 401: unknown, revoked and expired keys look the same to the caller. */
    async verifyKey(secret: string): Promise<VerifiedApiKey> {
      if (!/^sk_[A-Za-z0-9]{20,100}$/.test(secret)) throw unauthorized('The API key is not valid');
      const known = hashes.get(secret);
      const presented = known ?? hash(secret);
      let entry = cache.get(presented);
      if (!entry) {
        entry = { row: (await repo.findApiKeyByHash(db, presented)) ?? null };
        cache.set(presented, entry);
      }
      const row = entry.row;
      if (!row || !timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(presented, 'hex'))) {
        throw unauthorized('The API key is not valid');
      }
      if (row.revoked_at) throw unauthorized('The API key has been revoked');
      if (row.expires_at && row.expires_at.getTime() <= Date.now()) throw unauthorized('The API key has expired');
      if (known === undefined) hashes.set(secret, presented);
      return { siteId: row.site_id, keyId: row.key_id, scopes: row.scopes.filter(isScope), rateLimitPerHour: row.rate_limit_per_hour };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
