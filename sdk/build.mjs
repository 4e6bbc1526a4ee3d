// Builds the SDK: sdk/dist/storefront.js (IIFE, global Storefront) and sdk/dist/storefront.mjs (ES module).
// The service bundles with the same options (src/modules/sdk/bundle.ts), so both serve the same code.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** @param {'iife' | 'esm'} format */
export function sdkBuildOptions(format) {
  return {
    entryPoints: [path.join(here, 'src/storefront.ts')],
    bundle: true,
    minify: true,
    format,
    target: ['es2020'],
    ...(format === 'iife' ? { globalName: 'Storefront' } : {}),
    legalComments: 'none',
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await build({ ...sdkBuildOptions('iife'), outfile: path.join(here, 'dist/storefront.js') });
  await build({ ...sdkBuildOptions('esm'), outfile: path.join(here, 'dist/storefront.mjs') });
  console.log('built sdk/dist/storefront.js and sdk/dist/storefront.mjs');
}
