// SDK size (issue #15): the bundles the service serves, built with the service's own options
// (sdk/build.mjs), minified and gzipped at level 9, against their budgets: the capture core ≤ 6 KB,
// the core with the campaign renderer it imports on demand ≤ 12 KB (test/modules/sdk checks both).
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { SDK_BUNDLES, sdkBuildOptions, type SdkFile } from '../sdk/build.mjs';
import { fmt } from './lib.js';

export interface SdkSizes {
  files: { file: SdkFile; minified: number; gzipped: number }[];
}

export async function runSdkBench(log: (line: string) => void): Promise<SdkSizes> {
  const files: SdkSizes['files'] = [];
  for (const file of Object.keys(SDK_BUNDLES) as SdkFile[]) {
    const { entry, format } = SDK_BUNDLES[file];
    const code = (await build({ ...sdkBuildOptions(format, entry), write: false })).outputFiles![0]!.contents;
    files.push({ file, minified: code.length, gzipped: gzipSync(code, { level: 9 }).length });
    log(`${file}: ${code.length} bytes, ${files.at(-1)!.gzipped} gzipped`);
  }
  return { files };
}

export function sdkMarkdown({ files }: SdkSizes): string {
  const size = (f: SdkFile) => files.find((x) => x.file === f)!.gzipped;
  const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;
  const rows = files.map((f) => `| \`${f.file}\` | ${fmt(f.minified)} B | ${fmt(f.gzipped)} B (${kb(f.gzipped)}) |`);
  return [
    '| bundle | minified | gzipped (level 9) |',
    '|---|---:|---:|',
    ...rows,
    `| \`storefront.js\` + \`render.mjs\` (a page that shows a campaign) | | ${fmt(size('storefront.js') + size('render.mjs'))} B (${kb(size('storefront.js') + size('render.mjs'))}) |`,
    '',
    `Budgets: the capture core ≤ 6 KB (${kb(size('storefront.js'))} used), the core with the renderer ≤ 12 KB (${kb(size('storefront.js') + size('render.mjs'))} used).`,
  ].join('\n');
}
