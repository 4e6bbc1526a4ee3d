// Amounts and times as the affiliate networks export them (CONTRACT §0 "Money", §6 "Network formats",
// issue #12): decimal strings with any number of decimals rounded once, half up (away from zero), to
// the currency's minor units; wall-clock times local to the zone the export was made in.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { currencyDigits, parseAmount, roundToMinorUnits, type Decimal } from '../../../src/domain/money.js';
import { isTimeZone, parseZonedTimestamp } from '../../../src/domain/time-zones.js';

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
const minor = (value: unknown, digits: number) => {
  const d = parseAmount(value);
  assert.ok(d, `parseAmount(${JSON.stringify(value)}) refused`);
  return roundToMinorUnits(d, digits);
};

describe('parseAmount', () => {
  // CJ Commission Detail schema: "DecimalNumber: a numerical value, rendered in JSON as a string ...
  // will always match (-)?[0-9]+(\.[0-9]+)?"; Awin's transaction list: `commissionAmount.amount` as
  // a JSON number (5.59, 55.96).
  const accepted: [unknown, Decimal][] = [
    ['7.781', { units: 7781n, scale: 3 }],
    ['-51.826', { units: -51826n, scale: 3 }],
    ['10.365', { units: 10365n, scale: 3 }],
    ['1295.658', { units: 1295658n, scale: 3 }],
    ['0', { units: 0n, scale: 0 }],
    ['-0.50', { units: -50n, scale: 2 }],
    ['007.50', { units: 750n, scale: 2 }],
    ['12.345678901', { units: 12345678901n, scale: 9 }],
    [' 12.34 ', { units: 1234n, scale: 2 }],
    [4.5, { units: 45n, scale: 1 }],
    [11.2, { units: 112n, scale: 1 }],
    [50, { units: 50n, scale: 0 }],
    [5.59, { units: 559n, scale: 2 }],
    [-0.01, { units: -1n, scale: 2 }],
    [0.1 + 0.2, { units: 30000000000000004n, scale: 17 }],
  ];
  for (const [value, expected] of accepted) {
    it(`reads ${JSON.stringify(value)} exactly`, () => assert.deepEqual(parseAmount(value), expected));
  }

  const refused: unknown[] = ['12,34', '1e3', '1E3', '', ' ', '+1', '.5', '1.', '0x10', '1 000', '--1', '1.2.3', 'NaN', 'Infinity', '12.34 EUR', '€12.34', '1'.repeat(41), null, undefined, true, false, {}, [], ['1'], Number.NaN, Number.POSITIVE_INFINITY];
  for (const value of refused) {
    it(`refuses ${typeof value === 'number' ? String(value) : JSON.stringify(value) ?? 'undefined'}`, () => assert.equal(parseAmount(value), null));
  }
});

describe('roundToMinorUnits', () => {
  // Rounded once per amount, half up = half away from zero (CONTRACT §6 "Money"; §0: JPY 0, EUR 2, KWD 3).
  const table: [value: unknown, digits: number, expected: number | null, note: string][] = [
    // CJ pubCommissionAmountUsd / …PubCurrency, three decimals, in a two-decimal currency
    ['7.781', 2, 778, 'CJ USD commission'],
    ['-51.826', 2, -5183, 'CJ downward correction'],
    ['10.365', 2, 1037, 'half up'],
    ['1295.658', 2, 129566, 'CJ sale'],
    ['0.005', 2, 1, 'half up, positive'],
    ['-0.005', 2, -1, 'half away from zero, negative'],
    ['0.0049', 2, 0, 'below half, positive'],
    ['-0.0049', 2, 0, 'below half, negative'],
    ['2.675', 2, 268, 'half up where float rounding gives 2.67'],
    ['-2.675', 2, -268, 'mirror'],
    ['12', 2, 1200, 'no decimals'],
    ['12.3', 2, 1230, 'fewer decimals than the currency'],
    // JPY (0 decimals)
    ['1500', 0, 1500, 'JPY whole'],
    ['1500.5', 0, 1501, 'JPY half up'],
    ['-1500.5', 0, -1501, 'JPY half away from zero'],
    ['1500.4999', 0, 1500, 'JPY below half'],
    ['1295.658', 0, 1296, 'CJ amount in JPY'],
    // KWD (3 decimals)
    ['12.345', 3, 12345, 'KWD exact'],
    ['12.3455', 3, 12346, 'KWD half up'],
    ['-12.3455', 3, -12346, 'KWD half away from zero'],
    ['12.34549', 3, 12345, 'KWD below half'],
    ['7.781', 3, 7781, 'CJ amount in KWD'],
    ['12.3', 3, 12300, 'KWD, fewer decimals'],
    // JSON numbers, through their shortest decimal text, never float arithmetic
    [4.5, 2, 450, 'JSON 4.5'],
    [4.5, 0, 5, 'JSON 4.5 in JPY'],
    [-4.5, 0, -5, 'JSON -4.5 in JPY'],
    [11.2, 2, 1120, 'JSON 11.2'],
    [50, 2, 5000, 'JSON 50'],
    [50, 0, 50, 'JSON 50 in JPY'],
    [1.005, 2, 101, 'JSON 1.005 (Math.round(1.005 * 100) is 100)'],
    [0.1 + 0.2, 2, 30, 'JSON 0.30000000000000004'],
    // the largest amount stored (±1e12 major units)
    ['1000000000000', 2, 100000000000000, 'at the limit'],
    ['-1000000000000', 2, -100000000000000, 'at the negative limit'],
    ['1000000000000.01', 2, null, 'beyond the limit'],
    ['-1000000000000.01', 2, null, 'beyond the negative limit'],
    ['999999999999.999', 2, 100000000000000, 'rounds up to the limit'],
  ];
  for (const [value, digits, expected, note] of table) {
    it(`${JSON.stringify(value)} with ${digits} decimals → ${expected} (${note})`, () => assert.equal(minor(value, digits), expected));
  }

  it('knows the decimals of the currencies used here and refuses codes that are not money', () => {
    const digits: [string, number | undefined][] = [['EUR', 2], ['USD', 2], ['GBP', 2], ['JPY', 0], ['KWD', 3], ['BRL', 2], ['XAU', undefined], ['XXX', undefined], ['ZZZ', undefined], ['eur', undefined], ['EURO', undefined], ['', undefined]];
    for (const [code, expected] of digits) assert.equal(currencyDigits(code), expected, code);
  });
});

describe('parseZonedTimestamp', () => {
  // Awin's transaction list: times as yyyy-MM-ddThh:mm:ss in the request's `timezone` (default UTC);
  // "2017-02-20T22:04:00" with "Europe/Paris" is the example of Awin's "Validate Transactions".
  const table: [text: string, zone: string, expected: string | null, note: string][] = [
    ['2017-02-20T22:04:00', 'Europe/Paris', '2017-02-20T21:04:00.000Z', 'Awin example, CET'],
    ['2017-07-20T22:04:00', 'Europe/Paris', '2017-07-20T20:04:00.000Z', 'CEST'],
    ['2017-07-20T22:04:00', 'Europe/London', '2017-07-20T21:04:00.000Z', 'London summer (BST)'],
    ['2017-02-20T22:04:00', 'Europe/London', '2017-02-20T22:04:00.000Z', 'London winter (GMT)'],
    ['2017-02-20T22:04:00', 'US/Eastern', '2017-02-21T03:04:00.000Z', 'EST, next day in UTC'],
    ['2017-07-20T22:04:00', 'US/Eastern', '2017-07-21T02:04:00.000Z', 'EDT'],
    ['2017-07-20T22:04:00', 'Canada/Pacific', '2017-07-21T05:04:00.000Z', 'PDT'],
    ['2017-02-20T22:04:00', 'Canada/Pacific', '2017-02-21T06:04:00.000Z', 'PST'],
    ['2017-02-20T22:04:00', 'America/Sao_Paulo', '2017-02-21T01:04:00.000Z', 'Brazil, after the 2017 summer time'],
    ['2024-07-01T12:00:00', 'America/Sao_Paulo', '2024-07-01T15:00:00.000Z', 'Brazil, no summer time since 2019'],
    ['2017-02-20T22:04:00', 'UTC', '2017-02-20T22:04:00.000Z', 'Awin default zone'],
    ['2017-02-20T22:04', 'Europe/Paris', '2017-02-20T21:04:00.000Z', 'without seconds'],
    ['2017-02-20T22:04:00.5', 'UTC', '2017-02-20T22:04:00.500Z', 'fractional seconds'],
    ['2016-02-29T10:00:00', 'UTC', '2016-02-29T10:00:00.000Z', 'leap day'],
    // spring-forward gaps move forward by the gap
    ['2024-03-31T02:30:00', 'Europe/Paris', '2024-03-31T01:30:00.000Z', 'Paris gap: 03:30 CEST'],
    ['2024-03-10T02:30:00', 'US/Eastern', '2024-03-10T07:30:00.000Z', 'US gap: 03:30 EDT'],
    ['2018-11-04T00:30:00', 'America/Sao_Paulo', '2018-11-04T03:30:00.000Z', 'Sao Paulo midnight gap: 01:30 -02'],
    // ambiguous autumn times are the later, standard-time instant
    ['2024-10-27T02:30:00', 'Europe/Paris', '2024-10-27T01:30:00.000Z', 'Paris overlap: CET, not 00:30Z'],
    ['2024-10-27T01:30:00', 'Europe/London', '2024-10-27T01:30:00.000Z', 'London overlap: GMT, not 00:30Z'],
    ['2024-11-03T01:30:00', 'US/Eastern', '2024-11-03T06:30:00.000Z', 'US overlap: EST, not 05:30Z'],
    ['2018-02-17T23:30:00', 'America/Sao_Paulo', '2018-02-18T02:30:00.000Z', 'Sao Paulo overlap: -03'],
    // a time with an offset is taken as written, whatever the zone
    ['2017-02-20T22:04:00+01:00', 'US/Pacific', '2017-02-20T21:04:00.000Z', 'offset'],
    ['2017-02-20T22:04:00Z', 'Europe/Paris', '2017-02-20T22:04:00.000Z', 'Z'],
    ['2017-02-20T22:04:00-0500', 'Europe/London', '2017-02-21T03:04:00.000Z', 'offset without colon'],
    ['2021-06-07T21:21:31Z', 'Australia/Sydney', '2021-06-07T21:21:31.000Z', 'CJ Instant'],
    // refused
    ['2017-02-30T10:00:00', 'UTC', null, 'no 30 February'],
    ['2017-02-29T10:00:00', 'Europe/Paris', null, '2017 is no leap year'],
    ['2017-13-01T10:00:00', 'UTC', null, 'month 13'],
    ['2017-02-20T24:00:00', 'UTC', null, 'no 24:00'],
    ['2017-02-20T22:04:60', 'UTC', null, 'second 60'],
    ['2017-02-30T10:00:00+01:00', 'UTC', null, 'no 30 February with an offset either'],
    ['2017-02-20 22:04:00', 'UTC', null, 'space instead of T'],
    ['2017-02-20', 'UTC', null, 'a date alone'],
    ['20/02/2017 22:04', 'Europe/Paris', null, 'not ISO 8601'],
    ['', 'UTC', null, 'empty'],
    ['1969-12-31T23:00:00', 'UTC', null, 'before 1970'],
    ['1970-01-01T00:30:00', 'Europe/Paris', null, 'before the epoch once zoned'],
    ['2017-02-20T22:04:00', 'Mars/Base', null, 'unknown zone'],
  ];
  for (const [text, zone, expected, note] of table) {
    it(`${JSON.stringify(text)} in ${zone} → ${expected} (${note})`, () => assert.equal(iso(parseZonedTimestamp(text, zone)), expected));
  }
});

describe('isTimeZone', () => {
  // Every zone on Awin's API timezones list (the transaction list's `timezone` parameter).
  const awinZones = ['America/Sao_Paulo', 'Australia/Sydney', 'Canada/Eastern', 'Canada/Central', 'Canada/Mountain', 'Canada/Pacific', 'Europe/Berlin', 'Europe/Helsinki', 'Europe/Paris', 'Europe/London', 'Europe/Dublin', 'US/Eastern', 'US/Central', 'US/Mountain', 'US/Pacific', 'UTC'];
  for (const zone of awinZones) {
    it(`accepts Awin's ${zone}`, () => assert.equal(isTimeZone(zone), true));
  }
  it('accepts other IANA names', () => {
    for (const zone of ['America/New_York', 'Asia/Tokyo', 'Asia/Kuwait', 'Etc/GMT+1']) assert.equal(isTimeZone(zone), true, zone);
  });
  for (const zone of ['Mars/Base', '', 'EST5EDT-ish', 'Europe/Paris ', ' UTC', 'GMT+1', '+01:00', '-05:00', '+0100', '+01', '\u221201:00', 'Z', 'local', 'system', 'Europe/Atlantis', `Europe/${'x'.repeat(60)}`]) {
    it(`refuses ${JSON.stringify(zone)}`, () => assert.equal(isTimeZone(zone), false));
  }
});
