// The writes' load (background work yields to a burst): the time flushes ran side by side.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createWriteLoad } from '../../src/db/write-load.js';

describe('write load', () => {
  it('adds up the time the writes were crowded, the stretch under way included', () => {
    let clock = 1_000;
    const load = createWriteLoad(() => clock);
    assert.equal(load.crowdedMs(), 0);
    load.crowded(true);
    clock += 300;
    assert.equal(load.crowdedMs(), 300, 'the stretch under way');
    load.crowded(true); // heard twice: the stretch goes on from its start
    clock += 200;
    load.crowded(false);
    clock += 1_000;
    assert.equal(load.crowdedMs(), 500);
    load.crowded(false);
    load.crowded(true);
    clock += 50;
    assert.equal(load.crowdedMs(), 550);
  });
});
