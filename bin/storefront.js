#!/usr/bin/env node
// The `storefront` command. TypeScript sources run through tsx's loader (no build step).
import v8 from 'node:v8';
import { register } from 'tsx/esm/api';

// The server without V8's allocation-site pretenuring, however it is started: under load V8 took
// some of the request path's allocation sites for long-lived and allocated their objects in the old
// generation, where each (dead within milliseconds) kept the young objects it pointed to alive
// through every scavenge until the next mark-compact: a server that had imported its catalog
// promoted ~4.8 MB a scavenge instead of ~0.1 MB (BENCHMARKS.md, issue #16).
if (process.argv[2] === 'serve') v8.setFlagsFromString('--no-allocation-site-pretenuring');

register();
const { main } = await import('../src/cli/main.ts');
const code = await main(process.argv.slice(2));
if (code >= 0) {
  process.exitCode = code;
}
