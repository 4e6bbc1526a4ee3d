#!/usr/bin/env node
// The `storefront` command. TypeScript sources run through tsx's loader (no build step).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
const code = await main(process.argv.slice(2));
if (code >= 0) {
  process.exitCode = code;
}
