// A webhook URL with what the URL parser would drop or read as "/" is refused before the destination
// rule reads it (security finding: stored URLs are refused, not silently fixed): 400 validation_failed
// at /action/url. Pure: checkWorkflow only, nothing is connected to.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../src/errors.js';
import { checkWorkflow, type WrittenWorkflow } from '../../../src/modules/workflows/workflow-input.js';

const written = (url: string): WrittenWorkflow => ({ name: 'Hook', status: 'active', trigger: { on: 'event' }, action: { type: 'webhook', url } });

describe('webhook URL characters', () => {
  for (const url of ['https://hooks.example/\tx', 'https://hooks.example/a\nb', 'https://hooks.ex\rample/x', 'https:\\\\hooks.example/x', 'https://hooks.example\\@10.0.0.1/', ' https://hooks.example/x', 'https://hooks.example/x ', 'https://hooks.example/\u2028', 'https://hooks.example/\u0000']) {
    for (const allowPrivate of [false, true]) {
      it(`refuses ${JSON.stringify(url)}${allowPrivate ? ' (private allowed)' : ''}`, () => {
        assert.throws(() => checkWorkflow(written(url), allowPrivate), (e: unknown) => {
          assert.ok(e instanceof AppError);
          assert.equal(e.code, 'validation_failed');
          assert.deepEqual(e.details?.map((d) => [d.path, d.code]), [['/action/url', 'url']]);
          return true;
        });
      });
    }
  }

  it('keeps what was accepted: an https URL of a public host, percent-encoding and all', () => {
    assert.equal(checkWorkflow(written('https://hooks.example/in?x=%09%5C'), false).url, 'https://hooks.example/in?x=%09%5C');
  });
});
