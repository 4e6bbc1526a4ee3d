// The renderer's pure rules: chatbot matching and form validation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { matchIntent, normalise, wordMatches } from '../../sdk/src/render/chat-match.js';
import { submittedFields, validateForm } from '../../sdk/src/render/validate.js';
import type { FormField } from '../../sdk/src/campaign-types.js';

describe('chatbot matching', () => {
  const intents = [
    { intent_id: 'shipping', patterns: ['shipping', 'delivery', 'when will it arrive'] },
    { intent_id: 'returns', patterns: ['return', 'refund', 'send it back'] },
    { intent_id: 'free-shipping', patterns: ['free shipping'] },
    { intent_id: 'hello', patterns: ['hi', 'hello'] },
  ];
  const match = (m: string) => matchIntent(m, intents)?.intent_id;

  it('matches whole words, case and accent insensitive, punctuation ignored', () => {
    assert.equal(match('How long is SHIPPING?'), 'shipping');
    assert.equal(match('Délivery times please'), 'shipping');
    assert.equal(match('Can I return this?!'), 'returns');
    assert.equal(match('hi!'), 'hello');
  });

  it('never matches inside a word; words of three letters or more take common endings', () => {
    assert.equal(match('this is history'), undefined);
    assert.equal(match('his order'), undefined, 'hi + s: too short to take an ending');
    assert.equal(match('no returns?'), 'returns');
    assert.equal(match('I returned it'), 'returns');
    assert.equal(match('refunding'), 'returns');
    assert.equal(match('unreturnable'), undefined);
    assert.equal(match('a deliverer'), undefined);
    for (const [word, pattern, expected] of [
      ['ships', 'ship', true], ['shipped', 'ship', true], ['shipping', 'ship', true], ['sizes', 'size', true], ['sized', 'size', true],
      ['shipment', 'ship', false], ['shipper', 'ship', false], ['sizing', 'size', false], ['hid', 'hi', false], ['hi', 'hi', true],
    ] as const) {
      assert.equal(wordMatches(word, pattern), expected, `${word} / ${pattern}`);
    }
  });

  it('the longest pattern wins; ties go to the intent listed first', () => {
    assert.equal(match('is there free shipping?'), 'free-shipping');
    assert.equal(match('hello, I want to send it back'), 'returns');
    assert.equal(match('shipping and refund'), 'shipping', 'both one word: the first intent');
    assert.equal(match('when will it arrive'), 'shipping');
  });

  it('no match: undefined (the fallback reply); empty patterns never match', () => {
    assert.equal(match('do you sell gift cards'), undefined);
    assert.equal(matchIntent('anything', [{ intent_id: 'x', patterns: ['', '  ', '!!'] }]), undefined);
  });

  it('normalises to lower-case words separated by single spaces', () => {
    assert.equal(normalise('  Crème  Brûlée!!  '), 'creme brulee');
    fc.assert(fc.property(fc.string(), (s) => {
      const n = normalise(s);
      assert.equal(n, n.trim());
      assert.ok(!n.includes('  '));
      assert.equal(normalise(n), n);
    }));
  });
});

describe('form validation', () => {
  const fields: FormField[] = [
    { name: 'email', type: 'email', label: 'Email', required: true },
    { name: 'name', type: 'text', label: 'Name', required: false },
    { name: 'phone', type: 'phone', label: 'Phone', required: false },
    { name: 'size', type: 'choice', label: 'Size', required: true, options: ['S', 'M', 'L'] },
    { name: 'terms', type: 'consent', label: 'I accept', required: true },
  ];

  it('accepts a good form and sends trimmed values, booleans for boxes, no empty optional fields', () => {
    const values = { email: ' ann@example.com ', name: '', phone: '', size: 'M', terms: true };
    assert.deepEqual(validateForm(fields, values), {});
    assert.deepEqual(submittedFields(fields, values), { email: 'ann@example.com', size: 'M', terms: true });
  });

  it('names every required field left empty', () => {
    const errors = validateForm(fields, { email: '  ', name: '', phone: '', size: '', terms: false });
    assert.deepEqual(Object.keys(errors).sort(), ['email', 'size', 'terms']);
    assert.match(errors.email!, /Email/);
  });

  it('checks email and phone formats, choices and lengths', () => {
    const base = { email: 'a@b.co', size: 'S', terms: true };
    for (const bad of ['ann', 'ann@', '@example.com', 'ann@example', 'a b@example.com', 'ann@exa..mple.com', `${'a'.repeat(250)}@b.co`]) {
      assert.ok(validateForm(fields, { ...base, email: bad }).email, bad);
    }
    for (const bad of ['.ann@example.com', 'ann.@example.com', 'ann@example.c0m', 'ann@[1.2.3.4]']) assert.ok(validateForm(fields, { ...base, email: bad }).email, bad);
    for (const good of ['ann@example.com', 'a.b+c@sub.example.co.uk', 'o\'neil@bücher.de', 'x@example.xn--p1ai']) assert.deepEqual(validateForm(fields, { ...base, email: good }), {}, good);
    assert.ok(validateForm(fields, { ...base, phone: 'call me' }).phone);
    assert.ok(validateForm(fields, { ...base, phone: '12345' }).phone, 'under 6 digits');
    assert.ok(validateForm(fields, { ...base, phone: '+1 234 567 890 123 456 789 01' }).phone, 'over 20 digits');
    assert.ok(validateForm(fields, { ...base, phone: '030.123.456' }).phone, 'dots are not taken');
    assert.deepEqual(validateForm(fields, { ...base, phone: '+49 (30) 123-456' }), {});
    assert.ok(validateForm(fields, { ...base, size: 'XXL' }).size);
    assert.ok(validateForm(fields, { ...base, name: 'x'.repeat(1001) }).name);
  });
});
