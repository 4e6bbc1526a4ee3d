// The file imports' shared chunking and tally (src/cli/import-chunks.ts): chunks cut by record
// count and by their JSON's size, a record too large failing alone and unsent, a failed send
// standing alone before anything was imported and stopping the import with its summary after, and
// what each record's outcome adds to the summary.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChunkSender, MAX_RECORD_CHARS, SHOWN, tally, type ImportCounts, type Pending } from '../../src/cli/import-chunks.js';
import { CommandFailed } from '../../src/cli/usage.js';

type Rec = { line: number; value: unknown };
const counts = (): ImportCounts => ({ records: 0, created: 0, updated: 0, unchanged: 0, failed: 0, errors: [] });

/** A sender whose sends are recorded; `failAt`: that send (1-based) throws, after importing `importedBeforeFailing` records. */
function sender(options: { records?: number; chars?: number; failAt?: number; importedBeforeFailing?: number } = {}) {
  const sent: Pending<Rec>[][] = [];
  const summary = counts();
  const s = new ChunkSender<Rec>({
    records: options.records ?? 3,
    chars: options.chars ?? 1_000,
    valueOf: (r) => r.value,
    summary: () => ({ ...summary }),
    async send(chunk, imported) {
      sent.push([...chunk]);
      if (sent.length === options.failAt) {
        if (options.importedBeforeFailing) imported(options.importedBeforeFailing);
        throw new Error('the database went away');
      }
      imported(chunk.filter((p) => p.error === undefined).length);
      for (const p of chunk) tally(summary, p.item.line, p.error === undefined ? { status: 'created' } : undefined, p.error);
    },
  });
  return { s, sent, summary };
}

describe('ChunkSender', () => {
  it('cuts a chunk at its record count and before its JSON would pass its size', async () => {
    const { s, sent } = sender({ records: 3, chars: 20 });
    for (let line = 1; line <= 7; line += 1) await s.add({ line, value: line === 5 ? 'x'.repeat(20) : line });
    await s.flush();
    await s.flush(); // nothing pending: no send
    // Line 5's JSON (22 characters) passes 20 with anything beside it: it goes alone.
    assert.deepEqual(sent.map((c) => c.map((p) => p.item.line)), [[1, 2, 3], [4], [5], [6, 7]]);
  });

  it('fails a record larger than MAX_RECORD_CHARS alone, unsent, and tallies it', async () => {
    const { s, sent, summary } = sender();
    await s.add({ line: 1, value: 'x'.repeat(MAX_RECORD_CHARS) });
    await s.add({ line: 2, value: 'fine' }, undefined);
    await s.add({ line: 3, value: null }, 'not valid JSON');
    await s.flush();
    assert.deepEqual(sent[0]!.map((p) => [p.item.line, p.error]), [[1, 'the record is larger than 1 MiB'], [2, undefined], [3, 'not valid JSON']]);
    assert.deepEqual(summary.errors, [{ line: 1, message: 'the record is larger than 1 MiB' }, { line: 3, message: 'not valid JSON' }]);
    assert.deepEqual([summary.created, summary.failed], [1, 2]);
  });

  it('lets the first send’s refusal stand alone when nothing was imported', async () => {
    const { s } = sender({ failAt: 1 });
    for (let line = 1; line <= 2; line += 1) await s.add({ line, value: line });
    await assert.rejects(s.flush(), (err: Error) => !(err instanceof CommandFailed) && err.message === 'the database went away');
  });

  it('stops the import with the summary so far once records were imported', async () => {
    const { s } = sender({ records: 2, failAt: 2 });
    await s.add({ line: 1, value: 1 });
    await s.add({ line: 2, value: 2 }); // the first chunk, imported
    await s.add({ line: 3, value: 3 });
    await assert.rejects(s.add({ line: 4, value: 4 }), (err: unknown) => {
      assert.ok(err instanceof CommandFailed);
      assert.equal(err.message, 'the import stopped: the database went away');
      assert.deepEqual((err as CommandFailed & { result: Record<string, unknown> }).result, { ...counts(), created: 2, stopped: 'the import stopped: the database went away' });
      return true;
    });
  });

  it('counts records a chunk imported before one of its sends failed (the publisher sends a chunk a format at a time)', async () => {
    const { s } = sender({ failAt: 1, importedBeforeFailing: 1 });
    await s.add({ line: 1, value: 1 });
    await assert.rejects(s.flush(), CommandFailed);
  });
});

describe('tally', () => {
  const table: [string, Parameters<typeof tally>[2], string | undefined, Partial<ImportCounts>][] = [
    ['created', { status: 'created' }, undefined, { created: 1 }],
    ['updated', { status: 'updated' }, undefined, { updated: 1 }],
    ['unchanged', { status: 'unchanged' }, undefined, { unchanged: 1 }],
    ['an error with details', { status: 'error', error: { message: 'bad', details: [{ path: '/price', message: 'must be a number' }, { message: 'and more' }] } }, undefined, { failed: 1, errors: [{ line: 7, message: '/price: must be a number; and more' }] }],
    ['an error without details', { status: 'error', error: { message: 'bad' } }, undefined, { failed: 1, errors: [{ line: 7, message: 'bad' }] }],
    ['an error without a message', { status: 'error' }, undefined, { failed: 1, errors: [{ line: 7, message: 'the record is not valid' }] }],
    ['no outcome', undefined, undefined, { failed: 1, errors: [{ line: 7, message: 'no result for the record' }] }],
    ['an unknown status', { status: 'archived' }, undefined, { failed: 1, errors: [{ line: 7, message: 'no result for the record' }] }],
    ['a local error wins', { status: 'created' }, 'not valid JSON', { failed: 1, errors: [{ line: 7, message: 'not valid JSON' }] }],
  ];
  for (const [what, outcome, localError, expected] of table) {
    it(what, () => {
      const summary = counts();
      const stored = tally(summary, 7, outcome, localError);
      assert.deepEqual(summary, { ...counts(), ...expected });
      assert.equal(stored, expected.failed === undefined);
    });
  }

  it(`keeps the first ${SHOWN} errors and counts every one`, () => {
    const summary = counts();
    for (let line = 1; line <= SHOWN + 5; line += 1) tally(summary, line, undefined, 'bad');
    assert.equal(summary.failed, SHOWN + 5);
    assert.equal(summary.errors.length, SHOWN);
    assert.equal(summary.errors.at(-1)!.line, SHOWN);
  });
});
