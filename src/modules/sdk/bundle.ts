// The browser SDK, bundled with esbuild from sdk/src when first asked for (with the options of
// `npm run build:sdk`, which writes the same bundles to sdk/dist for hosting elsewhere), and kept
// in memory with its ETag.
import { createHash } from 'node:crypto';
import { build } from 'esbuild';
import { sdkBuildOptions } from '../../../sdk/build.mjs';

export interface Bundle {
  code: string;
  etag: string;
}

const cache = new Map<'iife' | 'esm', Promise<Bundle>>();

export function sdkBundle(format: 'iife' | 'esm'): Promise<Bundle> {
  let b = cache.get(format);
  if (!b) {
    b = build({ ...sdkBuildOptions(format), write: false }).then((r) => {
      const code = r.outputFiles![0]!.text;
      return { code, etag: `"${createHash('sha256').update(code).digest('base64url').slice(0, 27)}"` };
    });
    b.catch(() => cache.delete(format));
    cache.set(format, b);
  }
  return b;
}
