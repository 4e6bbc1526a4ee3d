// late(): an extension point kept by one module answers as its fallback until resolved, then as the
// implementation found (methods keep their `this`), and as the fallback again when none is found.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { late, NO_EXPERIMENTS } from '../../src/kernel/index.js';

describe('late extension points', () => {
  it('forwards to the fallback, then to the resolved implementation', async () => {
    const gate = late(NO_EXPERIMENTS);
    assert.equal(await gate.stateOf({} as never, 'site_a', 'exp_1'), null);
    const impl = {
      states: new Map([['exp_1', 'running' as const]]),
      async stateOf(_q: unknown, _site: string, id: string) {
        return this.states.get(id) ?? null;
      },
      running: async () => new Set(['exp_1']),
    };
    gate.resolve(impl);
    assert.equal(await gate.stateOf({} as never, 'site_a', 'exp_1'), 'running');
    assert.deepEqual([...(await gate.running('site_a'))], ['exp_1']);
    gate.resolve(undefined);
    assert.equal((await gate.running('site_a')).size, 0);
  });
});

describe('late extension points, members', () => {
  it('shows the members of the implementation in force, bound to it, and drops those it lacks', () => {
    const point = late<{ name(): string; extra?(): string }>({ name: () => 'fallback' });
    assert.equal(point.name(), 'fallback');
    assert.equal('extra' in point, false);
    class Impl {
      constructor(private readonly label: string) {}
      name() {
        return this.label;
      }
      extra() {
        return `${this.label}+`;
      }
    }
    point.resolve(new Impl('found'));
    const { name } = point;
    assert.equal(name(), 'found', 'a method taken off the point keeps its this');
    assert.equal(point.extra?.(), 'found+');
    point.resolve(undefined);
    assert.equal(point.name(), 'fallback');
    assert.equal('extra' in point, false);
    assert.equal(typeof point.resolve, 'function');
  });
});
