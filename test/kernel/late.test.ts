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
