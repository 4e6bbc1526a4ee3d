// Anonymous sessions across processes (CONTRACT §13): two real server processes on one PostgreSQL
// give one visitor (address and user agent) of a cookieless site the same anon_ session, also when
// its first events race to both (the day's salt and the session's start are made once, in the
// database), and never store the client address.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { createIdTokens } from '../../src/auth/id-tokens.js';
import { createSecrets } from '../../src/secrets.js';
import { runCli } from '../helpers/cli.js';
import { createPostgresDatabase } from '../helpers/database.js';
import { event } from '../helpers/events.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const ready = Boolean(process.env.TEST_DATABASE_URL);
const ORIGIN = 'https://two.example';

describe('anonymous sessions on two server processes', { skip: !ready && 'needs TEST_DATABASE_URL' }, () => {
  const secret = randomBytes(32).toString('base64');
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let client: pg.Client | undefined;
  const query = async (sql: string, params: unknown[]) => (await client!.query(sql, params)).rows as Record<string, unknown>[];
  let a: ServerProcess;
  let b: ServerProcess;
  const idTokens = createIdTokens({ localIdp: true, idp: undefined }, createSecrets(Buffer.from(secret, 'base64')));

  before(async () => {
    const db = await createPostgresDatabase();
    drop = db.drop;
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    env = { DATABASE_URL: db.url, STOREFRONT_SECRET: secret, STOREFRONT_NO_BOOTSTRAP: '1', LOCAL_IDP: '1', LOG_LEVEL: 'warn' };
    [a, b] = await Promise.all([startServerProcess({ ...env, LOG_LEVEL: 'info' }), startServerProcess({ ...env, LOG_LEVEL: 'info' })]);
  });

  after(async () => {
    await Promise.all([a, b].filter(Boolean).map((s) => s.stop()));
    await client?.end();
    await drop?.();
  });

  const post = (server: ServerProcess, path: string, headers: Record<string, string>, body: unknown) =>
    fetch(`${server.url}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('one visitor gets one anon_ session from either process, racing or not', async () => {
    const owner = `owner-${randomBytes(3).toString('hex')}`;
    const created = await runCli(['site', 'create', '--name', 'Two', '--origin', ORIGIN, '--owner', owner, '--json'], env);
    assert.equal(created.code, 0, created.stderr);
    const siteId = created.json.site_id as string;
    const ownerH = { authorization: `Bearer ${(await idTokens.issueLocal(owner, 600)).idToken}` };
    const patched = await fetch(`${a.url}/api/v1/sites/${siteId}`, {
      method: 'PATCH',
      headers: { ...ownerH, 'content-type': 'application/json' },
      body: JSON.stringify({ config: { consent: { mode: 'cookieless' } } }),
    });
    assert.equal(patched.status, 200, await patched.text());

    const tokenOf = async (server: ServerProcess) =>
      ((await (await post(server, '/runtime/token', { origin: ORIGIN }, { site_id: siteId })).json()) as { data: { token: string } }).data.token;
    const headers = async (server: ServerProcess, agent: string) => ({ authorization: `Bearer ${await tokenOf(server)}`, origin: ORIGIN, 'user-agent': agent });
    const sessionOf = async (server: ServerProcess, h: Record<string, string>) => {
      // The other process may still hold the site as it was for up to 5 s (its directory's cache).
      for (let tries = 0; ; tries += 1) {
        // Each its own client_event_id: racing events of one anonymous session at the same millisecond would otherwise be one event (the derived key).
        const res = await post(server, '/events/track', h, event('page_view', { device_id: 'dev-1', client_event_id: `ce-${randomBytes(6).toString('hex')}` }));
        assert.equal(res.status, 201, await res.clone().text());
        const id = ((await res.json()) as { data: { event_id: string } }).data.event_id;
        const rows = await query('SELECT session_id, device_id FROM events WHERE site_id = $1 AND event_id = $2', [siteId, id]);
        const session = String(rows[0]!.session_id);
        if (session.startsWith('anon_') || tries > 60) {
          assert.equal(rows[0]!.device_id, null);
          return session;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    const [ha, hb] = [await headers(a, 'Agent One'), await headers(b, 'Agent One')];
    const first = await sessionOf(a, ha);
    assert.match(first, /^anon_/);
    assert.equal(await sessionOf(b, hb), first);
    assert.equal(await sessionOf(a, ha), first);

    // A new visitor's first events race to both processes: one salt, one session.
    const [ra, rb] = [await headers(a, 'Agent Two'), await headers(b, 'Agent Two')];
    const raced = await Promise.all([sessionOf(a, ra), sessionOf(b, rb), sessionOf(a, ra), sessionOf(b, rb)]);
    assert.equal(new Set(raced).size, 1, raced.join(' '));
    assert.notEqual(raced[0], first);

    const salts = await query('SELECT count(*)::int AS n FROM consent_salts WHERE site_id = $1', [siteId]);
    assert.equal(salts[0]!.n, 1);
    const leaked = await query(
      "SELECT count(*)::int AS n FROM events WHERE site_id = $1 AND (context::text LIKE '%127.0.0.1%' OR properties::text LIKE '%127.0.0.1%')",
      [siteId],
    );
    assert.equal(leaked[0]!.n, 0);
  });
});
