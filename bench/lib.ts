// Shared pieces of the benchmarks: child processes, autocannon runs, machine description.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { openPostgres } from '../src/db/postgres.js';
import type { Database } from '../src/db/types.js';
import { createSecrets } from '../src/secrets.js';

export const ROOT = path.resolve(import.meta.dirname, '..');

export interface Child {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
  /** Peak resident set size so far, in MiB (VmHWM). */
  peakRssMiB(): number;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server process on `port` and waits until `readyPath` answers. Its output is discarded
 * (a benchmark must not measure a pipe nobody reads).
 */
export async function startChild(args: string[], env: Record<string, string>, port: number, readyPath = '/health'): Promise<Child> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = false;
  child.once('exit', () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    if (exited) throw new Error(`${args.join(' ')} exited before it was ready`);
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((done) => {
        if (exited) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
    peakRssMiB: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
  };
}

export interface LoadResult {
  requestsPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

export async function load(options: autocannon.Options & { warmupSeconds?: number }): Promise<LoadResult> {
  const { warmupSeconds = 3, ...rest } = options;
  const result = await autocannon({
    connections: 64,
    duration: 10,
    ...rest,
    ...(warmupSeconds > 0 ? { warmup: { connections: rest.connections ?? 64, duration: warmupSeconds } } : {}),
  } as autocannon.Options);
  return {
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  let pg = 'unknown';
  try {
    pg = execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-Atc', 'show server_version'], { encoding: 'utf8' }).trim();
  } catch {
    // not reachable
  }
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Linux ${os.release()}, Node ${process.version}, PostgreSQL ${pg}`;
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** A paced run: non2xx counts every request not answered 2xx, the sum of status (answered otherwise), failed (lost with its connection) and unanswered (at the end); dropped counts connections lost. */
export interface PacedResult {
  sent: number;
  done: number;
  non2xx: number;
  status: number;
  failed: number;
  unanswered: number;
  dropped: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  /** With the option `timelineMs`: [due from start ms, requests, slowest ms] for each interval. */
  timeline?: [number, number, number][];
}

/**
 * Open-loop load at a constant rate, by bench/paced-client.mjs in a process of its own (plain
 * sockets, 64 connections): request i is due at start + i / rate and its latency is counted from
 * that moment (so a slow server cannot hide queueing). autocannon's rate limit instead lets each
 * connection send its share of a second back to back at the start of the second, which measures
 * bursts rather than a steady half load.
 */
export async function pacedLoad(options: {
  url: string;
  rate: number;
  seconds: number;
  headers: Record<string, string>;
  /** The body (POST): every "[<id>]" becomes an id unique to the request. */
  body?: string;
  /** Paths with their query, taken in turn (default: the URL's). */
  paths?: readonly string[];
  method?: 'GET' | 'POST';
  connections?: number;
  timelineMs?: number;
}): Promise<PacedResult> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bench', 'paced-client.mjs')], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(options));
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code = await new Promise<number | null>((done) => child.on('close', done));
  if (code !== 0) throw new Error(`paced client exited with ${code}`);
  return JSON.parse(out) as PacedResult;
}

/** CPU time (user + system) of a local process so far, in ms (0 once it is gone). */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return 0;
  }
}

/**
 * CPU time so far of the machine's PostgreSQL server, in ms: its live processes, and the backends
 * that have exited (their time is added to the postmaster's children's time when it reaps them).
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      // utime, stime; and for the postmaster (its parent is not postgres) cutime, cstime.
      let ticks = Number(fields[11]) + Number(fields[12]);
      if (!readFileSync(`/proc/${fields[1]}/stat`, 'utf8').includes('(postgres)')) ticks += Number(fields[13]) + Number(fields[14]);
      total += (ticks * 1000) / 100;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A PostgreSQL database of its own for one benchmark, and the service environment that points at it. */
export async function benchDatabase(extraEnv: Record<string, string> = {}) {
  const name = `sf_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const env: Record<string, string> & { DATABASE_URL: string } = {
    DATABASE_URL: url.toString(),
    STOREFRONT_SECRET: randomBytes(32).toString('base64'),
    STOREFRONT_NO_BOOTSTRAP: '1',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  return {
    env,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * A benchmark's own migrated database with the app built on it in this process, to load the data
 * set through the services; when `fn` ends the app is closed (if `fn` has not closed it before
 * measuring) and the database dropped.
 */
export async function withBenchApp<T>(
  poolSize: number,
  fn: (bench: { env: Record<string, string>; db: Database; app: FastifyInstance }) => Promise<T>,
): Promise<T> {
  const database = await benchDatabase({ LOCAL_IDP: '1' });
  const db = openPostgres(database.env.DATABASE_URL, { poolSize });
  try {
    await migrate(db);
    const config = loadConfig(database.env);
    const app = await buildApp(config, { db, secrets: createSecrets(config.storefrontSecret!), logger: false });
    try {
      await app.ready();
      return await fn({ env: database.env, db, app });
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    await database.drop();
  }
}

/** Node options for the service processes (BENCH_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, which NODE_OPTIONS refuses). */
export const serviceNodeArgs = (): string[] => (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/**
 * The young generation `npm start` gives the service (a larger
 * semi-space: fewer scavenges copying the objects of the requests in flight; see README).
 */
export const SERVICE_HEAP_ARGS = ['--max-semi-space-size=64'];

/** The real server (`storefront serve`, started as `npm start` starts it) in a child process on `env`, on a free port. */
export async function startService(env: Record<string, string>): Promise<Child> {
  return startChild([...SERVICE_HEAP_ARGS, ...serviceNodeArgs(), 'bin/storefront.js', 'serve'], env, await freePort());
}

/** startService, stopped when `fn` ends. */
export async function withService<T>(env: Record<string, string>, fn: (service: Child) => Promise<T>): Promise<T> {
  const service = await startService(env);
  try {
    return await fn(service);
  } finally {
    await service.stop();
  }
}
