// Builds the SDK: the core, sdk/dist/storefront.js (IIFE, global Storefront) and storefront.mjs (ES
// module), and the campaign renderer both import on demand, sdk/dist/render.mjs (an ES module: a
// dynamic import works from a classic script too, across origins with CORS). The service bundles
// with the same options (src/modules/sdk/bundle.ts), so both serve the same code.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The bundles the service serves under /sdk/v1/: the core in both formats, the renderer as a module. */
export const SDK_BUNDLES = /** @type {const} */ ({
  'storefront.js': { entry: 'storefront', format: 'iife' },
  'storefront.mjs': { entry: 'storefront', format: 'esm' },
  'render.mjs': { entry: 'render', format: 'esm' },
});

/**
 * @param {'iife' | 'esm'} format
 * @param {'storefront' | 'render'} [entry]
 */
export function sdkBuildOptions(format, entry = 'storefront') {
  return {
    entryPoints: [path.join(here, `src/${entry}.ts`)],
    bundle: true,
    minify: true,
    format,
    target: ['es2020'],
    ...(format === 'iife' ? { globalName: 'Storefront' } : {}),
    legalComments: 'none',
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [file, { entry, format }] of Object.entries(SDK_BUNDLES)) {
    await build({ ...sdkBuildOptions(format, entry), outfile: path.join(here, 'dist', file) });
  }
  console.log(`built ${Object.keys(SDK_BUNDLES).map((f) => `sdk/dist/${f}`).join(', ')}`);
}
