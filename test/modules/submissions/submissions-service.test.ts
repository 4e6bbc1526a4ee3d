// The submissions use cases on both engines, with the campaigns' forms given by a small in-test
// CampaignForms (forms.ts) and the clock passed in: storage sealed (no plaintext email, phone or name
// in any column), idempotency by client id, the 24 h email dedupe and erasure ending it, the
// honeypot, refusals that store nothing, racing duplicates (one row), the list's pages, and the sealed
// column under click-id retention (untouched).
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { AppError } from '../../../src/errors.js';
import { SYSTEM } from '../../../src/kernel/index.js';
import { consentTextSha256 } from '../../../src/modules/submissions/consent-rules.js';
import type { SubmissionsService } from '../../../src/modules/submissions/submissions-service.js';
import { countRows, forEachEngine, type TestApp } from '../../helpers/app.js';
import { CONSENT_TEXT, input, serviceOf, testForms, type TestForms } from './forms.js';

const HOUR = 3_600_000;
const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const code = (c: string, path?: string) => (err: unknown) =>
  err instanceof AppError && err.code === c && (path === undefined || (err.details ?? []).some((d) => d.path === path));

forEachEngine('submissions service', (t) => {
  let forms: TestForms;
  let service: SubmissionsService;
  before(() => {
    forms = testForms();
    service = serviceOf(t(), forms);
  });
  const site = async () => {
    const s = await t().createSite();
    const campaignId = `cmp_${Math.random().toString(36).slice(2, 12)}`;
    forms.open(s.siteId, campaignId);
    return { ...s, campaignId };
  };
  const rows = async (siteId: string) =>
    (await t().database.db.query<Record<string, unknown>>('SELECT * FROM submissions WHERE site_id = $1 ORDER BY created_at, submission_id', [siteId])).rows;
  const list = async (siteId: string, campaignId?: string) => (await service.list(SYSTEM, siteId, campaignId, { limit: 200 })).items;

  it('stores the fields sealed: no column holds the email, phone or name; members read them back with the consent', async () => {
    const s = await site();
    const sent = input(s.campaignId, { email: ' Jane.Doe@Example.com ', name: 'Jane Q. Public', phone: '+49 30 9876543', size: 'M', news: true, website: '' }, { consent: { granted: true } });
    const id = await service.submit(s.siteId, sent, T0);
    assert.match(id, /^sub_[A-Za-z0-9]{20}$/);
    const [row] = await rows(s.siteId);
    const dump = JSON.stringify(row).toLowerCase();
    for (const plain of ['jane.doe@example.com', 'jane q. public', '9876543', 'jane']) assert.ok(!dump.includes(plain), `the row holds ${plain}`);
    assert.equal(row!.fields_key_id, t().app.services.keyring.currentKeyId);
    assert.deepEqual(row!.field_names, ['email', 'name', 'phone', 'size', 'news']);
    assert.match(String(row!.email_hash), /\S{20,}/);
    assert.match(String(row!.phone_hash), /\S{20,}/);
    assert.equal(row!.spam, false);
    const [read] = await list(s.siteId);
    assert.deepEqual(read, {
      submissionId: id,
      siteId: s.siteId,
      campaignId: s.campaignId,
      formId: 'f1',
      sessionId: sent.sessionId,
      fields: { email: 'Jane.Doe@Example.com', name: 'Jane Q. Public', phone: '+49 30 9876543', size: 'M', news: true },
      consent: { granted: true, textSha256: consentTextSha256(CONSENT_TEXT), recordedAt: T0 },
      createdAt: T0,
    });
  });

  it('the same client_submission_id is the first submission again, whatever it holds now', async () => {
    const s = await site();
    const first = input(s.campaignId, { email: 'a@shop.example' });
    const id = await service.submit(s.siteId, first, T0);
    assert.equal(await service.submit(s.siteId, first, at(1000)), id);
    assert.equal(await service.submit(s.siteId, { ...first, fields: { email: 'other@shop.example' } }, at(2000)), id);
    assert.equal(await countRows(t(), 'submissions', s.siteId), 1);
    // Another site's client ids are its own.
    const other = await site();
    assert.notEqual(await service.submit(other.siteId, { ...first, campaignId: other.campaignId }, T0), id);
  });

  it('the same email on the same campaign within 24 h is the first submission; later, or on another campaign, a new one', async () => {
    const s = await site();
    const id = await service.submit(s.siteId, input(s.campaignId, { email: 'Max@Shop.example' }), T0);
    assert.equal(await service.submit(s.siteId, input(s.campaignId, { email: '  max@shop.EXAMPLE ', name: 'Max' }), at(23 * HOUR)), id);
    assert.equal(await service.submit(s.siteId, input(s.campaignId, { email: 'max@shop.example' }), at(24 * HOUR)), id, 'exactly 24 h later: still within');
    const later = await service.submit(s.siteId, input(s.campaignId, { email: 'max@shop.example' }), at(24 * HOUR + 1));
    assert.notEqual(later, id);
    const otherCampaign = `${s.campaignId}x`;
    forms.open(s.siteId, otherCampaign);
    assert.notEqual(await service.submit(s.siteId, input(otherCampaign, { email: 'max@shop.example' }), T0), id);
    assert.equal(await countRows(t(), 'submissions', s.siteId), 3);
  });

  it('erasing drops the personal data at once: then 404, and the same email is accepted as new', async () => {
    const s = await site();
    const sent = input(s.campaignId, { email: 'erase.me@shop.example', phone: '0301234567' });
    const id = await service.submit(s.siteId, sent, T0);
    const actor = { kind: 'user' as const, userId: s.member };
    const erased = await service.erase(actor, s.siteId, id, at(HOUR));
    assert.deepEqual(erased, { submissionId: id, erasedAt: at(HOUR) });
    const [row] = await rows(s.siteId);
    assert.deepEqual(
      [row!.fields_ciphertext, row!.fields_key_id, row!.email_hash, row!.phone_hash, row!.session_id, row!.field_names],
      [null, null, null, null, null, []],
    );
    assert.deepEqual(await list(s.siteId), []);
    await assert.rejects(service.erase(actor, s.siteId, id), code('not_found'));
    const again = await service.submit(s.siteId, input(s.campaignId, { email: 'erase.me@shop.example' }), at(2 * HOUR));
    assert.notEqual(again, id, 'an erased submission no longer dedupes');
    // A replay of the erased submission's own request stays a replay: nothing is stored again.
    assert.equal(await service.submit(s.siteId, sent, at(3 * HOUR)), id);
    assert.equal(await countRows(t(), 'submissions', s.siteId), 2);
    // Another site's submission, an unknown one, and a non-member: the same 404.
    const other = await site();
    const theirs = await service.submit(other.siteId, input(other.campaignId, { email: 'x@shop.example' }), T0);
    await assert.rejects(service.erase(actor, s.siteId, theirs), code('not_found'));
    await assert.rejects(service.erase(actor, s.siteId, 'sub_unknown00000000000'), code('not_found'));
    await assert.rejects(service.erase({ kind: 'user', userId: 'stranger' }, other.siteId, theirs), code('not_found'));
    assert.equal((await list(other.siteId)).length, 1);
  });

  it('a filled honeypot answers like a success and keeps a bare row marked spam: never listed, never deduping', async () => {
    const s = await site();
    const bot = input(s.campaignId, { email: 'bot@shop.example', website: 'https://spam.example' });
    const id = await service.submit(s.siteId, bot, T0);
    assert.match(id, /^sub_[A-Za-z0-9]{20}$/);
    assert.equal(await service.submit(s.siteId, bot, at(1)), id, 'a replay answers alike');
    // Even fields the form would refuse: the bot learns nothing.
    assert.match(await service.submit(s.siteId, input(s.campaignId, { nonsense: 'x', website: 'y' }), T0), /^sub_/);
    const stored = await rows(s.siteId);
    assert.equal(stored.length, 2);
    assert.ok(stored.every((r) => r.spam === true && r.fields_ciphertext === null && r.email_hash === null));
    assert.deepEqual(await list(s.siteId), []);
    const person = await service.submit(s.siteId, input(s.campaignId, { email: 'bot@shop.example' }), at(2));
    assert.notEqual(person, id, 'spam never dedupes a person');
    await assert.rejects(service.erase(SYSTEM, s.siteId, id), code('not_found'), 'spam is not a submission to members');
  });

  it('refuses without storing: a campaign not active on the site (404), another form (400 /form_id), the form’s rules (400)', async () => {
    const s = await site();
    const other = await site();
    const refusals: [Parameters<SubmissionsService['submit']>[1], (err: unknown) => boolean][] = [
      [input('cmp_unknown', { email: 'a@shop.example' }), code('not_found')],
      [input(other.campaignId, { email: 'a@shop.example' }), code('not_found')],
      [input(s.campaignId, { email: 'a@shop.example' }, { formId: 'f2' }), code('validation_failed', '/form_id')],
      [input(s.campaignId, { email: 'not-an-email' }), code('validation_failed', '/fields/email')],
      [input(s.campaignId, { email: 'a@shop.example', extra: 'x' }), code('validation_failed', '/fields/extra')],
      [input(s.campaignId, { email: 'a@shop.example', news: true }, { consent: { granted: false } }), code('validation_failed', '/consent/granted')],
    ];
    for (const [sent, refusal] of refusals) await assert.rejects(service.submit(s.siteId, sent, T0), refusal, JSON.stringify(sent));
    forms.close(s.siteId, s.campaignId);
    await assert.rejects(service.submit(s.siteId, input(s.campaignId, { email: 'a@shop.example' }), T0), code('not_found'), 'a closed campaign');
    const noConsent = `${s.campaignId}n`;
    forms.open(s.siteId, noConsent, { consentText: null });
    await assert.rejects(service.submit(s.siteId, input(noConsent, { email: 'a@shop.example' }, { consent: { granted: true } }), T0), code('validation_failed', '/consent'));
    assert.equal(await countRows(t(), 'submissions', s.siteId), 0);
  });

  it('racing duplicates store one row: the same client id, or the same email with different client ids', async () => {
    const s = await site();
    const sent = input(s.campaignId, { email: 'race@shop.example' });
    const same = await Promise.all(Array.from({ length: 8 }, () => service.submit(s.siteId, sent, T0)));
    assert.equal(new Set(same).size, 1);
    const emails = await Promise.all(Array.from({ length: 8 }, (_, i) => service.submit(s.siteId, input(s.campaignId, { email: i % 2 ? 'RACE2@shop.example' : 'race2@shop.example ' }), at(i))));
    assert.equal(new Set(emails).size, 1);
    assert.equal(await countRows(t(), 'submissions', s.siteId), 2);
  });

  it('lists newest first in pages, per campaign or all; a cursor continues only its own list', async () => {
    const s = await site();
    const second = `${s.campaignId}b`;
    forms.open(s.siteId, second);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await service.submit(s.siteId, input(i % 2 ? second : s.campaignId, { email: `p${i}@shop.example` }), at(i * 1000)));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await service.list(SYSTEM, s.siteId, undefined, { limit: 2, cursor });
      assert.ok(page.items.length <= 2);
      seen.push(...page.items.map((x) => x.submissionId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    assert.deepEqual(seen, [...ids].reverse());
    const firstCampaign = await service.list(SYSTEM, s.siteId, s.campaignId, { limit: 2 });
    assert.deepEqual(firstCampaign.items.map((x) => x.submissionId), [ids[4], ids[2]]);
    await assert.rejects(service.list(SYSTEM, s.siteId, second, { limit: 2, cursor: firstCampaign.nextCursor! }), code('validation_failed', '/cursor'));
    await assert.rejects(service.list({ kind: 'user', userId: 'stranger' }, s.siteId, undefined, { limit: 2 }), code('forbidden'));
  });

  it('click-id retention leaves submitted fields alone (rotation: test/crypto)', async () => {
    const s = await site();
    const id = await service.submit(s.siteId, input(s.campaignId, { email: 'keep@shop.example' }), new Date(Date.now() - 400 * 24 * HOUR));
    const purged = await t().app.services.clickIds.purge(1);
    assert.ok(purged.purged >= 0);
    const [row] = await rows(s.siteId);
    assert.notEqual(row!.fields_ciphertext, null, 'retention did not purge a submission');
    assert.deepEqual((await list(s.siteId)).map((x) => [x.submissionId, x.fields.email]), [[id, 'keep@shop.example']]);
  });
});
