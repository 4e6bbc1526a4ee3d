// Builds the SDK: sdk/dist/storefront.js (IIFE, global Storefront) and sdk/dist/storefront.mjs (ES module).
import { build } from 'esbuild';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
export const SDK_ENTRY = path.join(here, 'src/storefront.ts');

export function sdkBuildOptions(format) {
  return {
    entryPoints: [SDK_ENTRY],
    bundle: true,
    minify: true,
    format,
    target: ['es2020'],
    ...(format === 'iife' ? { globalName: 'Storefront' } : {}),
    legalComments: 'none',
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  await build({ ...sdkBuildOptions('iife'), outfile: path.join(here, 'dist/storefront.js') });
  await build({ ...sdkBuildOptions('esm'), outfile: path.join(here, 'dist/storefront.mjs') });
  console.log('built sdk/dist/storefront.js and sdk/dist/storefront.mjs');
}
