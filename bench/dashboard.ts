// Dashboard size (issue #18): the script and style sheet /app serves, built with the service's own
// options (src/modules/dashboard/bundle.ts), minified and gzipped at level 9, against the budget of
// 200 KB gzipped (test/modules/dashboard/build.test.ts checks it too), with what the script is made of.
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { build } from 'esbuild';
import { dashboardBuildOptions } from '../src/modules/dashboard/bundle.js';
import { fmt } from './lib.js';

export const DASHBOARD_BUDGET_GZIPPED = 200 * 1024;

export interface DashboardSizes {
  files: { file: string; minified: number; gzipped: number }[];
  /** Bytes of the minified script by origin (a package, or the dashboard's own code). */
  parts: { part: string; bytes: number }[];
}

const partOf = (input: string) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return m ? m[1]! : 'dashboard/src (the app, generated types are types only)';
};

export async function measureDashboard(): Promise<DashboardSizes> {
  const result = await build({ ...dashboardBuildOptions(), metafile: true });
  const files = result.outputFiles!.map((f) => ({ file: path.basename(f.path), minified: f.contents.length, gzipped: gzipSync(f.contents, { level: 9 }).length }));
  const parts = new Map<string, number>();
  for (const [out, meta] of Object.entries(result.metafile!.outputs)) {
    if (!out.endsWith('.js')) continue;
    for (const [input, { bytesInOutput }] of Object.entries(meta.inputs)) parts.set(partOf(input), (parts.get(partOf(input)) ?? 0) + bytesInOutput);
  }
  return { files, parts: [...parts].map(([part, bytes]) => ({ part, bytes })).sort((a, b) => b.bytes - a.bytes) };
}

export async function runDashboardBench(log: (line: string) => void): Promise<DashboardSizes> {
  const sizes = await measureDashboard();
  for (const f of sizes.files) log(`${f.file}: ${f.minified} bytes, ${f.gzipped} gzipped`);
  return sizes;
}

export function dashboardMarkdown({ files, parts }: DashboardSizes): string {
  const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;
  const total = files.reduce((s, f) => s + f.gzipped, 0);
  return [
    '| file | minified | gzipped (level 9) |',
    '|---|---:|---:|',
    ...files.map((f) => `| \`/app/assets/${f.file}\` | ${fmt(f.minified)} B | ${fmt(f.gzipped)} B (${kb(f.gzipped)}) |`),
    `| both (what a first visit downloads besides the small HTML page) | | ${fmt(total)} B (${kb(total)}) |`,
    '',
    `Budget: ≤ 200 KB gzipped (${kb(total)} used).`,
    '',
    'The minified script by origin:',
    '',
    '| part | minified bytes |',
    '|---|---:|',
    ...parts.map((p) => `| ${p.part} | ${fmt(p.bytes)} |`),
  ].join('\n');
}
