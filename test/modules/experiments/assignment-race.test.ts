// First exposures of one session stored by several transactions at the same instant (PostgreSQL:
// PGlite runs one transaction at a time). Each round inserts a new session from three connections
// at once; exactly one stores it and the others do nothing, never a unique-violation error. Before
// the conflict clause named every unique index, about one round in twenty-five failed with 23505.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { insertAssignments } from '../../../src/modules/experiments/assignments-repository.js';
import { assignmentIdFor } from '../../../src/modules/experiments/assignment.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/database.js';

const ROUNDS = 400;

describe('concurrent first exposures of one session [postgres]', { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL' }, () => {
  let database: TestDatabase | undefined;
  after(async () => database?.drop());

  it('stores each session once and never fails on the assignment id index', async () => {
    database = await createTestDatabase('postgres');
    const { db } = database;
    const insert = (sessionId: string) =>
      db.transaction((tx) =>
        insertAssignments(tx, 'site_race', [{ experimentId: 'exp_race', sessionId, assignmentId: assignmentIdFor('site_race', 'exp_race', sessionId), variant: 'control' }], new Date()),
      );
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const results = await Promise.allSettled([insert(`s-${round}`), insert(`s-${round}`), insert(`s-${round}`)]);
      for (const r of results) if (r.status === 'rejected') failures.push(`${(r.reason as { code?: string }).code}: ${(r.reason as Error).message}`);
      const stored = results.reduce((n, r) => n + (r.status === 'fulfilled' ? r.value.length : 0), 0);
      if (failures.length === 0) assert.equal(stored, 1, `round ${round}: one transaction stores the session`);
    }
    assert.deepEqual(failures.slice(0, 3), [], `${failures.length} of ${ROUNDS * 3} inserts failed`);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM experiment_assignments');
    assert.equal(rows[0]!.n, ROUNDS);
  });
});
