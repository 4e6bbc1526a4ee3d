// Webhooks from two server processes on one PostgreSQL (CONTRACT §11, issue #17): every delivery
// reaches the receiver exactly once in the normal case, whichever process recorded it; and a
// process killed (SIGKILL) after its events committed loses none of their deliveries: the other
// process's worker sends them (the outbox).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { createIdTokens } from '../../src/auth/id-tokens.js';
import { createSecrets } from '../../src/secrets.js';
import { runCli } from '../helpers/cli.js';
import { createPostgresDatabase } from '../helpers/database.js';
import { event } from '../helpers/events.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const ready = Boolean(process.env.TEST_DATABASE_URL);

describe('webhooks from two server processes', { skip: !ready && 'needs TEST_DATABASE_URL' }, () => {
  const secret = randomBytes(32).toString('base64');
  const idTokens = createIdTokens({ localIdp: true, idp: undefined }, createSecrets(Buffer.from(secret, 'base64')));
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let hooks: WebhookReceiver;
  const servers: ServerProcess[] = [];

  before(async () => {
    const db = await createPostgresDatabase();
    drop = db.drop;
    hooks = await startWebhookReceiver();
    env = { DATABASE_URL: db.url, STOREFRONT_SECRET: secret, STOREFRONT_NO_BOOTSTRAP: '1', LOCAL_IDP: '1', LOG_LEVEL: 'info', ALLOW_PRIVATE_WEBHOOKS: '1', JOBS_POLL_MS: '50' };
  });

  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await hooks?.close();
    await drop?.();
  });

  async function siteWithWorkflow(server: ServerProcess) {
    const owner = `owner-${randomBytes(3).toString('hex')}`;
    const created = await runCli(['site', 'create', '--name', 'Hooks', '--origin', 'https://two.example', '--owner', owner, '--json'], env);
    assert.equal(created.code, 0, created.stderr);
    const siteId = created.json.site_id as string;
    const k = await runCli(['key', 'create', '--site', siteId, '--scopes', 'events:write', '--rate-limit', '100000', '--json'], env);
    const token = (await idTokens.issueLocal(owner, 600)).idToken;
    const path = `/hooks/${siteId}`;
    const res = await fetch(`${server.url}/api/v1/sites/${siteId}/workflows`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'All', trigger: { on: 'event', event_types: ['custom'] }, action: { type: 'webhook', url: hooks.url(path) } }),
    });
    assert.equal(res.status, 201, await res.text());
    return { siteId, apiKey: k.json.api_key as string, path };
  }
  const track = (server: ServerProcess, apiKey: string, i: number) =>
    fetch(`${server.url}/api/v1/events/track`, { method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: JSON.stringify(event('custom', { properties: { event_name: `e${i}` } })) });
  /** Waits until the receiver has `n` requests on `path` (or the time is up), then a little longer for any duplicate. */
  async function received(path: string, n: number): Promise<string[]> {
    const until = Date.now() + 30_000;
    const ids = () => hooks.received.filter((r) => r.path === path).map((r) => String(r.headers['webhook-id']));
    while (ids().length < n && Date.now() < until) await sleep(50);
    await sleep(500);
    return ids();
  }

  it('delivers every webhook exactly once, whichever process recorded it', async () => {
    const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    servers.push(a!, b!);
    const { apiKey, path } = await siteWithWorkflow(a!);
    await sleep(2_100); // the other process learns of the new workflow within its 2 s cache
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => track(i % 2 ? a! : b!, apiKey, i)));
    assert.ok(results.every((r) => r.status === 201));
    const ids = await received(path, 40);
    assert.equal(ids.length, 40, 'one request per event');
    assert.equal(new Set(ids).size, 40, 'no webhook twice');
  });

  it('loses nothing when the process that recorded the deliveries is killed before sending them', async () => {
    const recorder = await startServerProcess({ ...env, WORKER: '0' });
    const sender = await startServerProcess(env);
    servers.push(sender);
    const { apiKey, path } = await siteWithWorkflow(recorder);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => track(recorder, apiKey, i)));
    assert.ok(results.every((r) => r.status === 201));
    await recorder.stop('SIGKILL');
    const ids = await received(path, 20);
    assert.equal(new Set(ids).size, 20, 'every acknowledged event’s webhook, sent by the surviving process');
    assert.equal(ids.length, 20);
  });
});
