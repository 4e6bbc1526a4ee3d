// The HTTP boundary's body rules (src/http/validation.ts): an envelope schema, then a check whose
// typed result the handler reads back; batches of items checked one by one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from 'typebox';
import { AppError } from '../../src/errors.js';
import { bodyAsItem, bodyItems, bodyRule } from '../../src/http/validation.js';
import type { Checked } from '../../src/validation/schema-check.js';

/** What the route's validator answers for a body (a value, or an error). */
function validate(compiler: ReturnType<typeof bodyAsItem>['validatorCompiler'], value: unknown): { error?: unknown; value?: unknown } {
  const answer = compiler({ schema: Type.Unknown(), method: 'POST', url: '/', httpPart: 'body' })(value);
  if (typeof answer !== 'object' || 'then' in answer) throw new Error('a body rule answers synchronously with a value or an error');
  return answer;
}
const schemaErrors = (answer: { error?: unknown }) => (Array.isArray(answer.error) ? answer.error : []);

const positive = (item: unknown, pointer: string): Checked<number> =>
  typeof item === 'number' && item > 0 ? { ok: true, value: item } : { ok: false, details: [{ path: pointer, code: 'positive', message: 'must be a positive number' }] };

describe('body rules', () => {
  it('checks each item alone and hands the handler what the boundary found', () => {
    const Items = bodyItems(Type.Object({ items: Type.Array(Type.Unknown()) }), '/items', positive);
    const body = { items: [1, -1, 'a\u0000'] };
    assert.deepEqual(validate(Items.validatorCompiler, body), { value: body });
    const items = Items.of(body);
    assert.deepEqual(items.map((i) => [i.pointer, i.checked.ok]), [['/items/0', true], ['/items/1', false], ['/items/2', false]]);
    assert.equal(Items.of(body), items, 'kept from the boundary, not checked again');
  });

  it('refuses the envelope as any schema does, and the string rule outside the items', () => {
    const Items = bodyItems(Type.Object({ items: Type.Array(Type.Unknown()) }), '/items', positive);
    assert.deepEqual(schemaErrors(validate(Items.validatorCompiler, { items: 5 })).map((e) => e.instancePath), ['/items']);
    assert.deepEqual(schemaErrors(validate(Items.validatorCompiler, { items: [], note: 'a\u0000' })).map((e) => e.instancePath), ['/note']);
  });

  it('takes a whole body that is no object as one item', () => {
    const One = bodyAsItem(positive);
    assert.deepEqual(validate(One.validatorCompiler, null), { value: null });
    assert.deepEqual(One.of(null), { pointer: '', sent: null, checked: { ok: false, details: [{ path: '', code: 'positive', message: 'must be a positive number' }] } });
    assert.equal(One.of(3).checked.ok, true);
  });

  it('refuses a body its rule refuses with a 400 in its own words', () => {
    const Rule = bodyRule(Type.Object({ n: Type.Number() }), (b) => positive(b.n, '/n'), { message: 'The number is not valid' });
    const { error } = validate(Rule.validatorCompiler, { n: -2 });
    assert.ok(error instanceof AppError);
    assert.equal(error.code, 'validation_failed');
    assert.equal(error.message, 'The number is not valid');
    assert.deepEqual(error.details, [{ path: '/n', code: 'positive', message: 'must be a positive number' }]);
    const body = { n: 2 };
    validate(Rule.validatorCompiler, body);
    assert.equal(Rule.of(body), 2);
  });

  it('keeps its result out of the body as the handler and the store see it, and validates a body again', () => {
    const Items = bodyItems(Type.Object({ items: Type.Array(Type.Unknown()) }), '/items', positive);
    const Other = bodyItems(Type.Object({ items: Type.Array(Type.Unknown()) }), '/items', (item, pointer) => ({ ok: true, value: `${pointer}=${String(item)}` }));
    const body = { items: [1, 2] };
    validate(Items.validatorCompiler, body);
    validate(Other.validatorCompiler, body);
    assert.deepEqual(Object.keys(body), ['items']);
    assert.equal(JSON.stringify(body), '{"items":[1,2]}');
    assert.deepEqual({ ...body }, { items: [1, 2] });
    assert.deepEqual(Object.getOwnPropertySymbols({ ...body }), []);
    // Each rule reads its own result back.
    assert.deepEqual(Items.of(body).map((i) => i.checked.ok), [true, true]);
    assert.deepEqual(Other.of(body).map((i) => (i.checked.ok ? i.checked.value : null)), ['/items/0=1', '/items/1=2']);
    // The same body through the boundary again (its result replaced, not refused).
    body.items.push(-1);
    validate(Items.validatorCompiler, body);
    assert.deepEqual(Items.of(body).map((i) => i.checked.ok), [true, true, false]);
    // A frozen body takes no result: the handler's read checks it again.
    const frozen = Object.freeze({ items: Object.freeze([3, -3]) });
    assert.deepEqual(validate(Items.validatorCompiler, frozen), { value: frozen });
    assert.deepEqual(Items.of(frozen).map((i) => i.checked.ok), [true, false]);
  });
});
