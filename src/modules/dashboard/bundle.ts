// The dashboard's bundle: dashboard/src built by esbuild when first asked for (so `npm start`
// needs no build step) and kept in memory: one script (Preact, uPlot, the API client) and one style
// sheet (the dashboard's and uPlot's), each with its ETag. `npm run bench -- dashboard` prints their
// gzipped sizes.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

export interface Asset {
  body: string;
  etag: string;
  contentType: string;
}

export interface DashboardBundle {
  'app.js': Asset;
  'app.css': Asset;
}

export type AssetName = keyof DashboardBundle;
export const ASSET_NAMES: readonly AssetName[] = ['app.js', 'app.css'];

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../dashboard');

export function dashboardBuildOptions(): BuildOptions {
  return {
    entryPoints: { app: path.join(ROOT, 'src/main.tsx') },
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    outdir: path.join(ROOT, 'dist'),
    legalComments: 'none',
    logLevel: 'silent',
    write: false,
  };
}

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
const asset = (body: string, contentType: string): Asset => ({ body, etag: etagOf(body), contentType });

let cache: Promise<DashboardBundle> | undefined;

export function dashboardBundle(): Promise<DashboardBundle> {
  if (!cache) {
    const made = build(dashboardBuildOptions()).then((r) => {
      const text = (ext: string) => r.outputFiles!.find((f) => f.path.endsWith(ext))?.text ?? '';
      return {
        'app.js': asset(text('.js'), 'application/javascript; charset=utf-8'),
        'app.css': asset(text('.css'), 'text/css; charset=utf-8'),
      };
    });
    made.catch(() => {
      cache = undefined;
    });
    cache = made;
  }
  return cache;
}
