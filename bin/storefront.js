#!/usr/bin/env -S node --max-semi-space-size=64
// The `storefront` command. TypeScript sources run through tsx's loader (no build step).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
const code = await main(process.argv.slice(2));
if (code >= 0) {
  process.exitCode = code;
}
