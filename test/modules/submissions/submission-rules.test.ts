// The submissions module's pure rules: email addresses and phone numbers (tables, and properties of
// the normal form), a submission's fields against its form (every rule of CONTRACT §9 at its JSON
// Pointer), the honeypot, consent, and the field columns of an export.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { CampaignForm, FormField } from '../../../src/kernel/index.js';
import { isPlausiblePhone, isValidEmail, normalizeEmail, normalizePhone } from '../../../src/modules/submissions/contact-values.js';
import { checkSubmission, formIdProblem } from '../../../src/modules/submissions/check-submission.js';
import { consentTextSha256 } from '../../../src/modules/submissions/consent-rules.js';
import { honeypotFilled } from '../../../src/modules/submissions/field-rules.js';
import { fieldColumns } from '../../../src/modules/submissions/export-submissions.js';

const field = (name: string, type: FormField['type'], required = false, options?: string[]): FormField => ({ name, type, label: name, required, ...(options ? { options } : {}) });

const form = (over: Partial<CampaignForm> = {}): CampaignForm => ({
  campaignId: 'cmp_1',
  formId: 'f1',
  fields: [field('email', 'email', true), field('name', 'text'), field('phone', 'phone'), field('size', 'choice', false, ['S', 'M', 'L']), field('news', 'consent')],
  consentText: null,
  ...over,
});

type Sent = Record<string, string | boolean | null>;
/** The details of a refused submission as [path, code] pairs; [] when it passes. */
const problems = (f: CampaignForm, fields: Sent, consent?: { granted: boolean }) => {
  const r = checkSubmission(f, { fields, consent });
  return r.ok ? [] : r.details.map((d) => [d.path, d.code]);
};

describe('email addresses', () => {
  it('takes what a browser takes for type=email, with a dotted domain', () => {
    const table: [string, boolean][] = [
      ['jane@example.com', true],
      ['  Jane.Doe+news@Example.CO.uk  ', true],
      ["o'brien!#$%&*/=?^_`{|}~-@example.com", true],
      ['jane@bücher.de', true],
      ['a@b.co', true],
      ['jane@localhost', false],
      ['jane@127.0.0.1', false],
      ['jane@[127.0.0.1]', false],
      ['jane@example', false],
      ['jane@example.c', false],
      ['jane@example.com.', false],
      ['jane@-example.com', false],
      ['jane@exa_mple.com', false],
      ['jane.@example.com', false],
      ['.jane@example.com', false],
      ['ja..ne@example.com', false],
      ['"jane"@example.com', false],
      ['ja ne@example.com', false],
      ['jane@@example.com', false],
      ['jane@exam ple.com', false],
      // What a URL host parser would cut off or decode is refused, not cut off.
      ['jane@example.com/x', false],
      ['jane@example.com\\x', false],
      ['jane@example.com?x', false],
      ['jane@example.com:25', false],
      ['jane@ex%61mple.com', false],
      ['@example.com', false],
      ['jane', false],
      ['', false],
      [`${'a'.repeat(64)}@example.com`, true],
      [`${'a'.repeat(65)}@example.com`, false],
      [`a@${'b'.repeat(63)}.com`, true],
      [`a@${'b'.repeat(64)}.com`, false],
      // 254 characters, then 255.
      [`${'a'.repeat(64)}@${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(61)}.com`, true],
      [`${'a'.repeat(64)}@${'b'.repeat(62)}.${'c'.repeat(61)}.${'d'.repeat(61)}.com`, false],
    ];
    for (const [address, valid] of table) assert.equal(isValidEmail(address), valid, JSON.stringify(address));
  });

  it('normalises by trimming and lower-casing (the domain in its ASCII form)', () => {
    assert.equal(normalizeEmail('  Jane.Doe@Example.COM '), 'jane.doe@example.com');
    assert.equal(normalizeEmail('JANE@BÜCHER.de'), 'jane@xn--bcher-kva.de');
    assert.equal(normalizeEmail('jane@xn--bcher-kva.de'), 'jane@xn--bcher-kva.de');
    assert.equal(normalizeEmail('not an address'), undefined);
  });

  const local = fc.stringMatching(/^[A-Za-z0-9_+-]{1,20}(\.[A-Za-z0-9_+-]{1,10}){0,2}$/);
  const domain = fc.tuple(fc.array(fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/), { minLength: 1, maxLength: 3 }), fc.stringMatching(/^[a-z]{2,6}$/)).map(([labels, tld]) => [...labels, tld].join('.'));
  const address = fc.tuple(local, domain).map(([l, d]) => `${l}@${d}`);
  const recase = (s: string, flips: boolean[]) => [...s].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c.toLowerCase())).join('');

  it('property: generated addresses are valid; the normal form is valid, idempotent, and blind to case and surrounding spaces', () => {
    fc.assert(
      fc.property(address, fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), fc.stringMatching(/^[ \t]{0,3}$/), (a, flips, pad) => {
        assert.ok(isValidEmail(a), a);
        const n = normalizeEmail(a)!;
        assert.equal(n, a.toLowerCase());
        assert.equal(normalizeEmail(n), n);
        assert.equal(normalizeEmail(`${pad}${recase(a, flips)}${pad}`), n);
      }),
    );
  });

  it('property: an address with one forbidden character in it is refused; nothing throws on any text', () => {
    fc.assert(
      fc.property(address, fc.constantFrom(' ', '"', '(', ')', ',', ':', ';', '<', '>', '[', ']', '\\', '\u0000'), fc.nat(), (a, bad, at) => {
        const i = at % (a.length + 1);
        const broken = `${a.slice(0, i)}${bad}${a.slice(i)}`;
        // Spaces at either end are trimmed: only inner ones break an address.
        if (bad === ' ' && (i === 0 || i === a.length)) return;
        assert.equal(isValidEmail(broken), false, JSON.stringify(broken));
      }),
    );
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (s) => void normalizeEmail(s)));
  });
});

describe('phone numbers', () => {
  it('takes 6–20 digits with spaces, hyphens, parentheses and a leading +', () => {
    const table: [string, boolean][] = [
      ['+49 30 1234567', true],
      ['(030) 123-4567', true],
      ['+1 (555) 123-4567', true],
      ['123456', true],
      ['12345', false],
      ['1'.repeat(20), true],
      ['1'.repeat(21), false],
      ['+1 555 123 4567 ext 5', false],
      ['12+3456789', false],
      ['++49301234567', false],
      ['555.123.4567', false],
      ['1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7', false],
      ['', false],
    ];
    for (const [phone, ok] of table) assert.equal(isPlausiblePhone(phone), ok, phone);
  });

  it('property: the normal form keeps the + and the digits only', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(fc.stringMatching(/^[0-9]{1,4}$/), { minLength: 2, maxLength: 5 }), fc.constantFrom(' ', '-', ''), (plus, groups, sep) => {
        const phone = `${plus ? '+' : ''}${groups.join(sep)}`;
        assert.equal(normalizePhone(` ${phone} `), `${plus ? '+' : ''}${groups.join('')}`);
      }),
    );
  });
});

describe('fields against the form', () => {
  it('accepts a good submission: text trimmed, empty optional fields left out, the email and phone normalised', () => {
    const r = checkSubmission(form(), { fields: { email: ' Jane@Example.com ', name: '  Jane ', phone: '+49 (30) 123-456', size: 'M', news: false, website: '' } });
    assert.ok(r.ok);
    assert.deepEqual(r.value, {
      values: { email: 'Jane@Example.com', name: 'Jane', phone: '+49 (30) 123-456', size: 'M', news: false },
      email: 'jane@example.com',
      phone: '+4930123456',
      consentGranted: null,
    });
    const sparse = checkSubmission(form(), { fields: { email: 'a@b.co', name: '   ', phone: null } });
    assert.ok(sparse.ok);
    assert.deepEqual(sparse.value.values, { email: 'a@b.co' }, 'blank and null optional fields are not stored');
    assert.equal(sparse.value.phone, null);
  });

  it('refuses each bad value at its pointer', () => {
    const table: [string, Sent, [string, string][]][] = [
      ['a required field missing', { name: 'x' }, [['/fields/email', 'required']]],
      ['a required field empty', { email: '   ' }, [['/fields/email', 'required']]],
      ['a required field null', { email: null }, [['/fields/email', 'required']]],
      ['an invalid email', { email: 'jane@localhost' }, [['/fields/email', 'invalid_email']]],
      ['an email over 254 characters', { email: `${'a'.repeat(64)}@${'b'.repeat(190)}.com` }, [['/fields/email', 'too_long']]],
      ['a boolean where text is expected', { email: true }, [['/fields/email', 'type']]],
      ['an implausible phone', { email: 'a@b.co', phone: '12-34' }, [['/fields/phone', 'invalid_phone']]],
      ['a choice that is no option', { email: 'a@b.co', size: 'XL' }, [['/fields/size', 'not_an_option']]],
      ['a consent field given text', { email: 'a@b.co', news: 'yes' }, [['/fields/news', 'type']]],
      ['an unknown field', { email: 'a@b.co', nickname: 'x' }, [['/fields/nickname', 'unknown_field']]],
      ['an unknown field with / and ~ in its name', { email: 'a@b.co', 'a/b~c': 'x' }, [['/fields/a~1b~0c', 'unknown_field']]],
      ['several at once', { email: 'nope', size: 'XL', extra: 'x' }, [['/fields/extra', 'unknown_field'], ['/fields/email', 'invalid_email'], ['/fields/size', 'not_an_option']]],
    ];
    for (const [what, fields, expected] of table) assert.deepEqual(problems(form(), fields), expected, what);
  });

  it('a choice without options takes nothing; a required consent field must be true', () => {
    const f = form({ fields: [field('pick', 'choice', true), field('terms', 'consent', true)] });
    assert.deepEqual(problems(f, { pick: 'a', terms: false }), [['/fields/pick', 'not_an_option'], ['/fields/terms', 'not_accepted']]);
    assert.deepEqual(problems(f, { pick: 'a' }), [['/fields/pick', 'not_an_option'], ['/fields/terms', 'required']]);
  });

  it('property: any key the form does not name (but the honeypot) is refused at /fields/<key>', () => {
    const names = new Set(form().fields.map((f) => f.name));
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !names.has(k) && k !== 'website' && k !== '__proto__'), (key) => {
        const found = problems(form(), { email: 'a@b.co', [key]: 'x' });
        assert.deepEqual(found, [[`/fields/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, 'unknown_field']]);
      }),
    );
  });

  it('names the wrong form at /form_id', () => {
    assert.equal(formIdProblem(form(), 'f1'), undefined);
    assert.deepEqual(formIdProblem(form(), 'f2'), { path: '/form_id', code: 'unknown_form', message: 'is not the form of this campaign' });
  });
});

describe('the honeypot', () => {
  it('is filled by any value but nothing, null, false or blank text', () => {
    const table: [Sent, boolean][] = [
      [{}, false],
      [{ website: '' }, false],
      [{ website: '  ' }, false],
      [{ website: null }, false],
      [{ website: false }, false],
      [{ website: 'http://spam.example' }, true],
      [{ website: 'x' }, true],
      [{ website: true }, true],
    ];
    for (const [fields, filled] of table) assert.equal(honeypotFilled(form(), fields), filled, JSON.stringify(fields));
  });

  it('is exempt from the unknown-field rule; a form with a field of that name has none', () => {
    assert.deepEqual(problems(form(), { email: 'a@b.co', website: '' }), []);
    const own = form({ fields: [field('email', 'email', true), field('website', 'text')] });
    assert.equal(honeypotFilled(own, { website: 'https://my.example' }), false);
    const r = checkSubmission(own, { fields: { email: 'a@b.co', website: 'https://my.example' } });
    assert.ok(r.ok);
    assert.deepEqual(r.value.values, { email: 'a@b.co', website: 'https://my.example' });
  });
});

describe('consent', () => {
  const TEXT = 'I agree to receive emails';
  const withText = (fields: FormField[] = [field('email', 'email', true)]) => form({ consentText: TEXT, fields });

  it('hashes the text shown as lowercase hex sha256', () => {
    assert.equal(consentTextSha256('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('decides the answer, and refuses what contradicts the form', () => {
    const granted = (f: CampaignForm, fields: Sent, consent?: { granted: boolean }) => {
      const r = checkSubmission(f, { fields, consent });
      return r.ok ? r.value.consentGranted : r.details.map((d) => [d.path, d.code]);
    };
    const box = withText([field('email', 'email', true), field('agree', 'consent')]);
    const required = withText([field('email', 'email', true), field('agree', 'consent', true)]);
    const table: [string, unknown, unknown][] = [
      ['no consent text, no consent', granted(form(), { email: 'a@b.co' }), null],
      ['no consent text, consent sent', granted(form(), { email: 'a@b.co' }, { granted: true }), [['/consent', 'not_asked']]],
      ['a consent text, consent granted', granted(withText(), { email: 'a@b.co' }, { granted: true }), true],
      ['a consent text, consent refused', granted(withText(), { email: 'a@b.co' }, { granted: false }), false],
      ['a consent text, nothing answered', granted(withText(), { email: 'a@b.co' }), null],
      ['the consent field alone answers', granted(box, { email: 'a@b.co', agree: true }), true],
      ['the field and consent agree', granted(box, { email: 'a@b.co', agree: false }, { granted: false }), false],
      ['the field and consent disagree', granted(box, { email: 'a@b.co', agree: true }, { granted: false }), [['/consent/granted', 'mismatch']]],
      ['a required consent field, consent refused', granted(required, { email: 'a@b.co' }, { granted: false }), [['/fields/agree', 'required'], ['/consent/granted', 'not_accepted']]],
      ['a required consent field, both granted', granted(required, { email: 'a@b.co', agree: true }, { granted: true }), true],
    ];
    for (const [what, actual, expected] of table) assert.deepEqual(actual, expected, what);
  });
});

describe('export columns', () => {
  it('takes the forms in the campaigns’ order, each name once, then the names only stored submissions hold', () => {
    const a: CampaignForm = { ...form(), campaignId: 'cmp_a', fields: [field('email', 'email'), field('name', 'text')] };
    const b: CampaignForm = { ...form(), campaignId: 'cmp_b', fields: [field('phone', 'phone'), field('email', 'email'), field('size', 'choice')] };
    assert.deepEqual(fieldColumns(['cmp_b', 'cmp_a'], [a, b], ['email', 'old_field']), ['phone', 'email', 'size', 'name', 'old_field']);
    assert.deepEqual(fieldColumns(['cmp_a', 'cmp_b'], [b, a], []), ['email', 'name', 'phone', 'size']);
    assert.deepEqual(fieldColumns([], [], ['x', 'y']), ['x', 'y']);
  });
});
