// The browser SDK, bundled with esbuild from sdk/src when first asked for (with the options of
// `npm run build:sdk`, which writes the same bundles to sdk/dist for hosting elsewhere), and kept
// in memory with its ETag: the core (storefront.js, storefront.mjs) and the campaign renderer the
// core imports on demand (render.mjs).
import { createHash } from 'node:crypto';
import { build } from 'esbuild';
import { SDK_BUNDLES, sdkBuildOptions, type SdkFile } from '../../../sdk/build.mjs';

export interface Bundle {
  code: string;
  etag: string;
}

export const SDK_FILES = Object.keys(SDK_BUNDLES) as SdkFile[];

const cache = new Map<SdkFile, Promise<Bundle>>();

export function sdkBundle(file: SdkFile): Promise<Bundle> {
  let b = cache.get(file);
  if (!b) {
    const { entry, format } = SDK_BUNDLES[file];
    b = build({ ...sdkBuildOptions(format, entry), write: false }).then((r) => {
      const code = r.outputFiles![0]!.text;
      return { code, etag: `"${createHash('sha256').update(code).digest('base64url').slice(0, 27)}"` };
    });
    b.catch(() => cache.delete(file));
    cache.set(file, b);
  }
  return b;
}
