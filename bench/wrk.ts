// wrk (the Debian package) as the load generator: a C program with one thread, so it leaves the
// two cores to the service far more than autocannon in the benchmark's own Node process does.
// bench/wrk/requests.lua builds the requests (unique ids, rotating paths) and prints a summary.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ROOT, type LoadResult } from './lib.js';

export const WRK = process.env.WRK_PATH ?? 'wrk';

/** Whether wrk is installed (the benchmark then uses it beside autocannon). */
export function wrkAvailable(): boolean {
  return spawnSync(WRK, ['--version'], { stdio: 'ignore' }).error === undefined;
}

export interface WrkOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** The body; each "[<id>]" becomes an id unique to the run, each "[<session>]" a session id shared by `sessionRequests` requests in turn. */
  body?: string;
  /** Requests a "[<session>]" id lasts (default 1). */
  sessionRequests?: number;
  /** Paths (with query) sent in turn; default the URL's. */
  paths?: string[];
  connections?: number;
  seconds?: number;
  threads?: number;
}

/** One wrk run (one thread, 64 connections, 10 s by default). */
export async function wrkLoad(options: WrkOptions): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sf-wrk-'));
  try {
    const env: Record<string, string> = { ...process.env as Record<string, string>, WRK_METHOD: options.method ?? 'POST', WRK_ID_PREFIX: randomBytes(6).toString('hex') };
    const headersFile = path.join(dir, 'headers');
    writeFileSync(headersFile, Object.entries(options.headers ?? {}).map(([k, v]) => `${k}: ${v}`).join('\n'));
    env.WRK_HEADERS_FILE = headersFile;
    if (options.sessionRequests !== undefined) env.WRK_SESSION_REQUESTS = String(options.sessionRequests);
    if (options.body !== undefined) {
      env.WRK_BODY_FILE = path.join(dir, 'body');
      writeFileSync(env.WRK_BODY_FILE, options.body);
    }
    if (options.paths) {
      env.WRK_PATHS_FILE = path.join(dir, 'paths');
      writeFileSync(env.WRK_PATHS_FILE, options.paths.join('\n'));
    }
    const args = ['-t', String(options.threads ?? 1), '-c', String(options.connections ?? 64), '-d', `${options.seconds ?? 10}s`, '--timeout', '10s', '-s', path.join(ROOT, 'bench/wrk/requests.lua'), options.url];
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(WRK, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}: ${text}`))));
    });
    const line = out.split('\n').find((l) => l.startsWith('WRK_JSON '));
    if (!line) throw new Error(`wrk printed no summary: ${out}`);
    const s = JSON.parse(line.slice('WRK_JSON '.length)) as { requests: number; duration_us: number; p50_us: number; p99_us: number; errors: number; non2xx: number };
    return { requestsPerSec: s.requests / (s.duration_us / 1e6), p50: s.p50_us / 1000, p99: s.p99_us / 1000, non2xx: s.non2xx, errors: s.errors, total: s.requests };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
