// The period of merchant analytics (CONTRACT §12): dates are local midnight in tz, across DST
// changes too; every refusal at its path.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { MAX_PERIOD_HOURS, parseLocalPeriod } from '../../src/domain/local-period.js';
import { AppError } from '../../src/errors.js';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const HOUR = 3_600_000;

describe('parseLocalPeriod', () => {
  const cases: { name: string; q: { from?: string; to?: string; tz?: string }; from: string; to: string }[] = [
    { name: 'dates in UTC by default', q: { from: '2026-11-01', to: '2026-11-02' }, from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' },
    { name: 'dates at local midnight', q: { from: '2026-11-01', to: '2026-11-02', tz: 'Europe/Paris' }, from: '2026-10-31T23:00:00.000Z', to: '2026-11-01T23:00:00.000Z' },
    { name: 'a spring-forward day has 23 hours', q: { from: '2026-03-29', to: '2026-03-30', tz: 'Europe/Paris' }, from: '2026-03-28T23:00:00.000Z', to: '2026-03-29T22:00:00.000Z' },
    { name: 'an autumn day has 25 hours', q: { from: '2026-10-25', to: '2026-10-26', tz: 'Europe/Paris' }, from: '2026-10-24T22:00:00.000Z', to: '2026-10-25T23:00:00.000Z' },
    { name: 'a midnight DST skips moves to the first instant there is', q: { from: '2018-11-04', to: '2018-11-05', tz: 'America/Sao_Paulo' }, from: '2018-11-04T03:00:00.000Z', to: '2018-11-05T02:00:00.000Z' },
    { name: 'timestamps keep their offset whatever tz', q: { from: '2026-11-01T10:00:00+02:00', to: '2026-11-01T12:00:00Z', tz: 'Asia/Tokyo' }, from: '2026-11-01T08:00:00.000Z', to: '2026-11-01T12:00:00.000Z' },
    { name: 'a link zone', q: { from: '2026-07-01', to: '2026-07-02', tz: 'US/Eastern' }, from: '2026-07-01T04:00:00.000Z', to: '2026-07-02T04:00:00.000Z' },
    { name: 'by default the 30 days before now', q: {}, from: '2026-10-25T12:00:00.000Z', to: '2026-11-24T12:00:00.000Z' },
    { name: 'exactly 366 × 24 h', q: { from: '2025-01-01', to: '2026-01-02' }, from: '2025-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const p = parseLocalPeriod(c.q, NOW);
      assert.equal(new Date(p.from).toISOString(), c.from);
      assert.equal(new Date(p.to).toISOString(), c.to);
    });
  }

  const refusals: { q: { from?: string; to?: string; tz?: string }; path: string }[] = [
    { q: { tz: 'Mars/Olympus' }, path: '/tz' },
    { q: { tz: '' }, path: '/tz' },
    { q: { from: '2026-11-02', to: '2026-11-01' }, path: '/from' },
    { q: { from: '2026-11-01', to: '2026-11-01' }, path: '/from' },
    { q: { from: '2025-01-01', to: '2026-01-02T00:00:00.001Z' }, path: '/to' },
    { q: { from: '2026-02-30' }, path: '/from' },
    { q: { to: '2026-11-01T10:00:00' }, path: '/to' },
    { q: { from: 'yesterday' }, path: '/from' },
    { q: { from: '1969-12-31' }, path: '/from' },
  ];
  for (const r of refusals) {
    it(`refuses ${JSON.stringify(r.q)} at ${r.path}`, () => {
      assert.throws(() => parseLocalPeriod(r.q, NOW), (e: unknown) => e instanceof AppError && e.code === 'validation_failed' && e.details?.[0]?.path === r.path);
    });
  }

  it('any accepted pair of dates is ordered and at most 366 × 24 h long, in any zone', () => {
    const zones = ['UTC', 'Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Apia'];
    const day = fc.date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, fc.constantFrom(...zones), (from, to, tz) => {
        try {
          const p = parseLocalPeriod({ from, to, tz }, NOW);
          return p.from < p.to && p.to - p.from <= MAX_PERIOD_HOURS * HOUR;
        } catch (e) {
          return e instanceof AppError && e.code === 'validation_failed' && (from >= to || Date.parse(to) - Date.parse(from) > 364 * 24 * HOUR);
        }
      }),
    );
  });
});
