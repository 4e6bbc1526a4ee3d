// checkLimit(): the one rule of every create path's limit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rmSync } from 'node:fs';
import { assertWithinLimit, checkLimit, DEFAULT_LIMITS, LIMIT_SETTINGS, limitReached, type LimitName } from '../../src/domain/limits.js';
import { AppError } from '../../src/errors.js';
import { testConfig } from '../helpers/app.js';

// name, limit, count held, adding, refused?
const cases: [string, LimitName, number, number, number, boolean][] = [
  ['empty site, one key', 'apiKeysPerSite', 200, 0, 1, false],
  ['one below the limit: the last one fits', 'apiKeysPerSite', 200, 199, 1, false],
  ['at the limit: refused', 'apiKeysPerSite', 200, 200, 1, true],
  ['past a lowered limit: refused', 'campaignsPerSite', 3, 7, 1, true],
  ['limit of one, empty', 'membersPerSite', 1, 0, 1, false],
  ['limit of one, held', 'membersPerSite', 1, 1, 1, true],
  ['bytes: exactly filling the room fits', 'mediaBytesPerSite', 1000, 600, 400, false],
  ['bytes: one byte over is refused', 'mediaBytesPerSite', 1000, 600, 401, true],
  ['bytes: a file larger than the whole limit', 'mediaBytesPerSite', 1000, 0, 1001, true],
  ['adding nothing fits at the limit (a deduplicated re-upload)', 'mediaItemsPerSite', 5, 5, 0, false],
  ['adding nothing fits past a lowered limit', 'mediaItemsPerSite', 5, 9, 0, false],
  ['sites of a user at the limit', 'sitesPerUser', 100, 100, 1, true],
  ['10 GiB default, just below', 'mediaBytesPerSite', 10 * 1024 ** 3, 10 * 1024 ** 3 - 10, 10, false],
];

describe('checkLimit', () => {
  for (const [name, limitName, limit, count, adding, refused] of cases) {
    it(name, () => {
      const result = checkLimit(limitName, limit, count, adding);
      assert.equal(result !== undefined, refused);
      if (result) {
        assert.ok(result instanceof AppError);
        assert.equal(result.code, 'limit_reached');
        assert.equal(result.status, 422);
        assert.match(result.message, new RegExp(`\\b${limit}\\b`));
        assert.ok(result.message.includes(LIMIT_SETTINGS[limitName].env));
      }
    });
  }

  it('adds one by default', () => {
    assert.equal(checkLimit('integrationsPerSite', 50, 49), undefined);
    assert.equal(checkLimit('integrationsPerSite', 50, 50)?.code, 'limit_reached');
  });

  it('assertWithinLimit throws the refusal', () => {
    assert.doesNotThrow(() => assertWithinLimit('experimentsPerSite', 2, 1));
    assert.throws(() => assertWithinLimit('experimentsPerSite', 2, 2), (e: unknown) => e instanceof AppError && e.code === 'limit_reached');
  });
});

describe('limitReached messages', () => {
  const messages: [LimitName, number, string][] = [
    ['apiKeysPerSite', 200, 'A site may hold at most 200 API keys, revoked ones included (LIMIT_API_KEYS_PER_SITE)'],
    ['campaignsPerSite', 500, 'A site may hold at most 500 campaigns, in any status (LIMIT_CAMPAIGNS_PER_SITE)'],
    ['experimentsPerSite', 200, 'A site may hold at most 200 experiments, in any status (LIMIT_EXPERIMENTS_PER_SITE)'],
    ['integrationsPerSite', 50, 'A site may hold at most 50 integrations (LIMIT_INTEGRATIONS_PER_SITE)'],
    ['membersPerSite', 500, 'A site may have at most 500 members, owners included (LIMIT_MEMBERS_PER_SITE)'],
    ['mediaItemsPerSite', 10000, 'A site may hold at most 10000 media items (LIMIT_MEDIA_ITEMS_PER_SITE)'],
    ['mediaBytesPerSite', 10 * 1024 ** 3, 'A site may hold at most 10737418240 bytes (10 GiB) of media (LIMIT_MEDIA_BYTES_PER_SITE)'],
    ['mediaBytesPerSite', 3 * 1024 ** 2, 'A site may hold at most 3145728 bytes (3 MiB) of media (LIMIT_MEDIA_BYTES_PER_SITE)'],
    ['mediaBytesPerSite', 1500, 'A site may hold at most 1500 bytes of media (LIMIT_MEDIA_BYTES_PER_SITE)'],
    ['sitesPerUser', 100, 'A user may be a member of at most 100 sites (LIMIT_SITES_PER_USER)'],
  ];
  for (const [name, limit, message] of messages) {
    it(`${name} ${limit}`, () => assert.equal(limitReached(name, limit).message, message));
  }
});

describe('DEFAULT_LIMITS', () => {
  it('are the configuration’s defaults', () => {
    const config = testConfig();
    rmSync(config.dataDir, { recursive: true, force: true });
    assert.deepEqual(DEFAULT_LIMITS, config.limits);
  });
  it('are changed by their settings', () => {
    const env = Object.fromEntries(Object.values(LIMIT_SETTINGS).map((s, i) => [s.env, String(i + 1)]));
    const config = testConfig(env);
    rmSync(config.dataDir, { recursive: true, force: true });
    assert.deepEqual(config.limits, Object.fromEntries(Object.keys(LIMIT_SETTINGS).map((name, i) => [name, i + 1])));
  });
});
