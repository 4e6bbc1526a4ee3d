// The browser SDK, bundled with esbuild from sdk/src when first asked for, and kept in memory with
// its ETag. (`npm run build:sdk` writes the same bundles to sdk/dist for hosting elsewhere.)
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { build } from 'esbuild';

const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../sdk/src/storefront.ts');

export interface Bundle {
  code: string;
  etag: string;
}

const cache = new Map<'iife' | 'esm', Promise<Bundle>>();

export function sdkBundle(format: 'iife' | 'esm'): Promise<Bundle> {
  let b = cache.get(format);
  if (!b) {
    b = build({
      entryPoints: [ENTRY],
      bundle: true,
      minify: true,
      format,
      target: ['es2020'],
      write: false,
      legalComments: 'none',
      ...(format === 'iife' ? { globalName: 'Storefront' } : {}),
    }).then((r) => {
      const code = r.outputFiles[0]!.text;
      return { code, etag: `"${createHash('sha256').update(code).digest('base64url').slice(0, 27)}"` };
    });
    b.catch(() => cache.delete(format));
    cache.set(format, b);
  }
  return b;
}
