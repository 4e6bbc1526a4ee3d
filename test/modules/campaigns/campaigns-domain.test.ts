// The campaigns module's pure rules: the status machine (a table), content rules, a change merged
// into a campaign, and the public configuration (live campaigns only, nothing internal, media as
// URLs, within its size), with a property over random campaigns.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { canMove, liveAt, STATUSES, type Campaign, type Status } from '../../../src/modules/campaigns/campaign.js';
import { checkCreate, checkPatch } from '../../../src/modules/campaigns/campaign-input.js';
import { buildPublicConfig, fitsConfig, publicContent } from '../../../src/modules/campaigns/public-config.js';
import { isCtaUrl } from '../../../src/modules/campaigns/content-rules.js';
import { chatbot, overlay, recommendation } from './campaign-client.js';

const site = { site_id: 'site_test1', publisher_mode: false, publisher_hosts: { awin: [], cj: [] }, consent: { mode: 'none' as const, honor_gpc: true } };

function campaign(extra: Partial<Campaign> = {}): Campaign {
  const checked = checkCreate(overlay({ status: 'active' }) as never);
  assert.ok(checked.ok);
  return { ...checked.value, campaignId: 'cmp_aaaa', siteId: 'site_test1', version: 1, createdAt: new Date(0), updatedAt: new Date(0), ...extra };
}

describe('campaign status machine', () => {
  const allowed: Record<Status, Status[]> = {
    draft: ['draft', 'active', 'archived'],
    active: ['active', 'paused', 'archived'],
    paused: ['paused', 'active', 'archived'],
    archived: [],
  };
  for (const from of STATUSES) {
    for (const to of STATUSES) {
      const expected = allowed[from].includes(to);
      it(`${from} → ${to}: ${expected ? 'allowed' : 'refused'}`, () => assert.equal(canMove(from, to), expected));
    }
  }
});

describe('campaign input', () => {
  it('fills the defaults and keeps only known content fields', () => {
    const checked = checkCreate({ ...recommendation(), content: { placement: 'home', strategy: 'similar', extra: 'dropped' } } as never);
    assert.ok(checked.ok);
    assert.deepEqual(checked.value.content, { placement: 'home', strategy: 'similar', limit: 8, filters: { in_stock_only: true } });
    assert.equal(checked.value.status, 'draft');
    assert.deepEqual(checked.value.frequency, {});
  });

  it('drops the parameter of another trigger', () => {
    const checked = checkCreate({ ...chatbot(), trigger: { on: 'page_load', delay_ms: 100 } } as never);
    assert.ok(checked.ok);
    assert.deepEqual(checked.value.trigger, { on: 'page_load' });
  });

  it('merges a change: null resets to the default, the rest is kept', () => {
    const current = campaign({ targeting: { url_include: ['/a'], url_exclude: [], devices: ['mobile'], new_visitors_only: true }, priority: 4 });
    const changed = checkPatch(current, { targeting: null, name: 'New' });
    assert.ok(changed.ok);
    assert.deepEqual(changed.value.targeting, { url_include: [], url_exclude: [], devices: [], new_visitors_only: false });
    assert.equal(changed.value.priority, 4);
    assert.equal(changed.value.name, 'New');
    const ends = checkPatch({ ...current, startsAt: new Date('2027-01-02T00:00:00Z') }, { ends_at: '2027-01-01T00:00:00Z' });
    assert.ok(!ends.ok && ends.details[0]!.path === '/ends_at');
  });

  it('takes calls to action to http(s) URLs and shop paths only', () => {
    for (const [url, ok] of [
      ['https://shop.example/sale', true],
      ['/sale', true],
      ['//evil.example', false],
      ['/\\evil.example', false],
      ['/\t/evil.example/x', false],
      ['/\n/evil.example', false],
      ['javascript:alert(1)', false],
      ['sale', false],
      ['data:text/html,x', false],
    ] as const) {
      assert.equal(isCtaUrl(url), ok, url);
    }
  });
});

describe('public configuration', () => {
  const now = new Date('2027-01-01T12:00:00Z');
  const url = (id: string) => `https://api.example/api/v1/public/media/${id}`;

  it('shows live campaigns whose experiment runs, and nothing internal', () => {
    const shown = buildPublicConfig(site, [
      campaign({ campaignId: 'cmp_live' }),
      campaign({ campaignId: 'cmp_future', startsAt: new Date('2027-01-02T00:00:00Z') }),
      campaign({ campaignId: 'cmp_ended', endsAt: now }),
      campaign({ campaignId: 'cmp_gated', experimentId: 'exp_run1' }),
      campaign({ campaignId: 'cmp_stopped', experimentId: 'exp_stop' }),
      campaign({ campaignId: 'cmp_paused', status: 'paused' }),
    ], new Set(['exp_run1']), now, url);
    assert.deepEqual(shown.campaigns.map((c) => c.campaign_id), ['cmp_live', 'cmp_gated']);
    assert.ok(!JSON.stringify(shown).includes('Welcome'), 'no names');
  });

  it('gives media as public URLs, never their ids', () => {
    assert.deepEqual(publicContent({ greeting: 'g', avatar_media_id: 'med_abcd', intents: [], fallback_reply: 'f' }, url), {
      greeting: 'g',
      avatar_url: url('med_abcd'),
      intents: [],
      fallback_reply: 'f',
    });
  });

  it('a campaign is live from starts_at (inclusive) to ends_at (exclusive)', () => {
    const c = { status: 'active' as const, startsAt: new Date(1000), endsAt: new Date(2000) };
    assert.deepEqual([999, 1000, 1999, 2000].map((ms) => liveAt(c, new Date(ms))), [false, true, true, false]);
  });

  it('never shows a campaign that is not live, whatever the campaigns', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ status: fc.constantFrom(...STATUSES), starts: fc.option(fc.integer({ min: -5, max: 5 })), length: fc.integer({ min: 1, max: 5 }), gated: fc.boolean() }), { maxLength: 8 }),
        (specs) => {
          const list = specs.map((s, i) =>
            campaign({
              campaignId: `cmp_${i}aaaa`,
              status: s.status,
              startsAt: s.starts === null ? null : new Date(now.getTime() + s.starts * 1000),
              endsAt: s.starts === null ? null : new Date(now.getTime() + (s.starts + s.length) * 1000),
              experimentId: s.gated ? 'exp_off' : null,
            }),
          );
          const shown = buildPublicConfig(site, list, new Set(), now, url);
          for (const c of shown.campaigns) {
            const source = list.find((l) => l.campaignId === c.campaign_id)!;
            assert.ok(liveAt(source, now) && source.experimentId === null);
          }
          assert.ok(fitsConfig(shown));
        },
      ),
    );
  });
});
