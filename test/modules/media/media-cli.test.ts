// `storefront media upload --site S FILE…` reads the caller's files (relative to the caller's working
// directory) and sends them in pieces: to the database the CLI opens itself, or through the control
// socket of the server that holds the embedded database. One line a file (created, unchanged, or its
// error); exit 1 when any file was refused (the others uploaded), 2 when a file cannot be read
// (nothing uploaded).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../../helpers/cli.js';
import { embeddedDataDir } from '../../helpers/pglite-template.js';
import { startServerProcess, type ServerProcess } from '../../helpers/server-process.js';
import { gif, jpeg, png, pngOfSize, SVG } from './images.js';

const MiB = 1024 * 1024;
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function createSite(env: Record<string, string>): Promise<string> {
  const site = await runCli(['site', 'create', '--name', 'Media', '--origin', 'https://media.example', '--owner', 'media-owner', '--json'], env);
  assert.equal(site.code, 0, site.stderr);
  return site.json.site_id as string;
}

describe('storefront media upload [the CLI opens the embedded database]', () => {
  const { root, data, work } = embeddedDataDir('storefront-media-cli-', ['images']);
  after(() => rmSync(root, { recursive: true, force: true }));
  const env = { DATA_DIR: data };
  let siteId: string;
  before(async () => {
    siteId = await createSite(env);
    writeFileSync(path.join(work, 'images', 'photo.png'), png(20, 10));
    writeFileSync(path.join(work, 'shot.jpg'), jpeg(300, 200));
    writeFileSync(path.join(work, 'logo.svg'), SVG);
    writeFileSync(path.join(work, 'anim.gif'), gif(4, 4));
    writeFileSync(path.join(work, 'huge.png'), pngOfSize(10 * MiB + 1));
    writeFileSync(path.join(work, 'cut.png'), png(8, 8, { iend: false }));
  });
  const upload = (files: string[], json = true, cwd = work) => runCli(['media', 'upload', '--site', siteId, ...files, ...(json ? ['--json'] : [])], env, { cwd });

  it('uploads files named relative to the caller’s directory, one line a file; the same files again are unchanged', async () => {
    const first = await upload(['images/photo.png', 'shot.jpg']);
    assert.equal(first.code, 0, first.stderr);
    assert.deepEqual(first.json.files.map((f: { file: string; status: string }) => [f.file, f.status]), [['images/photo.png', 'created'], ['shot.jpg', 'created']]);
    assert.match(first.json.files[0].media_id, /^med_/);
    assert.deepEqual([first.json.created, first.json.unchanged, first.json.failed], [2, 0, 0]);
    const again = await upload(['images/photo.png', 'shot.jpg'], false);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, new RegExp(`^\\s+images/photo\\.png: unchanged: ${first.json.files[0].media_id}$`, 'm'));
    assert.match(again.stdout, /^\s+shot\.jpg: unchanged: med_\w+$/m);
    assert.match(again.stdout, /^unchanged\s+2$/m);
  });

  it('exits 1 when a file is refused, naming why, and uploads the others', async () => {
    const res = await upload(['logo.svg', 'anim.gif', 'huge.png', 'cut.png']);
    assert.equal(res.code, 1, res.stderr);
    const byFile = Object.fromEntries(res.json.files.map((f: { file: string }) => [f.file, f]));
    assert.equal(byFile['logo.svg'].code, 'unsupported_media_type');
    assert.equal(byFile['anim.gif'].status, 'created');
    assert.equal(byFile['huge.png'].code, 'payload_too_large');
    assert.match(byFile['huge.png'].message, /larger than 10 MiB/);
    assert.equal(byFile['cut.png'].code, 'validation_failed');
    assert.match(byFile['cut.png'].message, /cut short/);
    assert.deepEqual([res.json.created, res.json.failed], [1, 3]);
    assert.match(res.stderr, /3 of 4 files failed; the others were uploaded/);
    const plain = await upload(['logo.svg'], false);
    assert.equal(plain.code, 1);
    assert.match(plain.stdout, /^\s+logo\.svg: error: unsupported_media_type: The file is application\/xml/m);
  });

  it('exits 2 for a file it cannot read, uploading nothing', async () => {
    writeFileSync(path.join(work, 'new.gif'), gif(9, 9));
    const missing = await upload(['new.gif', 'nope.png']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /cannot read nope\.png: no such file; nothing was uploaded/);
    assert.doesNotMatch(missing.stderr, /Usage: storefront/);
    const directory = await upload(['images']);
    assert.equal(directory.code, 2);
    assert.match(directory.stderr, /cannot read images: not a file/);
    // From another directory, the same relative name is another file (none).
    const elsewhere = await upload(['shot.jpg'], true, root);
    assert.equal(elsewhere.code, 2);
    const none = await upload([]);
    assert.equal(none.code, 2);
    const later = await upload(['new.gif']);
    assert.equal(later.json.files[0].status, 'created', 'the refused run uploaded nothing');
  });

  it('refuses an unknown site (exit 1, not_found)', async () => {
    const res = await runCli(['media', 'upload', '--site', 'site_nosuchsite0000000', 'shot.jpg', '--json'], env, { cwd: work });
    assert.equal(res.code, 1);
    assert.equal(res.json.error.code, 'not_found');
  });
});

describe('storefront media upload [a server holds the embedded database]', () => {
  const { root, data, work } = embeddedDataDir('storefront-media-cli-server-', ['images']);
  const env = { DATA_DIR: data };
  let server: ServerProcess;
  let siteId: string;
  before(async () => {
    assert.notEqual(process.cwd(), work);
    server = await startServerProcess({ DATA_DIR: data, STOREFRONT_NO_BOOTSTRAP: '1' });
    siteId = await createSite(env);
  });
  after(async () => {
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the files through the server in pieces (a 10 MiB file in ten); the public URL serves the exact bytes', async () => {
    const files = { 'images/big.png': pngOfSize(10 * MiB), 'images/mid.png': png(64, 64, { filler: 3 * MiB + 12_345 }), 'small.gif': gif(2, 2) };
    for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(work, name), bytes);
    const res = await runCli(['media', 'upload', '--site', siteId, ...Object.keys(files), '--json'], env, { cwd: work });
    assert.equal(res.code, 0, res.stderr);
    assert.deepEqual(res.json.files.map((f: { status: string }) => f.status), ['created', 'created', 'created']);
    for (const [i, bytes] of Object.values(files).entries()) {
      const answer = await fetch(`${server.url}/api/v1/public/media/${res.json.files[i].media_id}`);
      assert.equal(answer.status, 200);
      assert.equal(sha256(new Uint8Array(await answer.arrayBuffer())), sha256(bytes));
    }
    const refused = await runCli(['media', 'upload', '--site', siteId, 'images/mid.png', 'nothing.png'], env, { cwd: work });
    assert.equal(refused.code, 2);
    const token = (await runCli(['token', '--user', 'media-owner', '--json'], env)).json.id_token as string;
    const list = await fetch(`${server.url}/api/v1/sites/${siteId}/media`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(((await list.json()) as { data: unknown[] }).data.length, 3);
  });
});
