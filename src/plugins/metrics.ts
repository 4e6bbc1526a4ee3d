// What operators watch (prom-client, Prometheus text format): requests and latency per route and
// status, group-commit batch sizes and waits, the PostgreSQL pool, rate-limit refusals and storage
// errors, with the process's own metrics. One registry per app (tests build many apps in one
// process). GET /metrics answers only with `Authorization: Bearer $METRICS_TOKEN`; METRICS_PORT
// serves the same text on a port of its own without a token (server.ts); without either it is off.
import { timingSafeEqual, createHash } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { isUnavailableError } from '../db/unavailable.js';
import { errorBody } from '../http/envelope.js';

export interface Metrics {
  registry: Registry;
  /** One group-commit flush: its events, and how long its oldest request waited in the queue. */
  groupCommitFlushed(events: number, waitedSeconds: number): void;
  rateLimitRefused(bucket: string): void;
  storageError(kind: 'unavailable' | 'connection_lost' | 'disk' | 'data_exception'): void;
  /** Reads the PostgreSQL pool when scraped. */
  watchPool(state: () => { total: number; idle: number; waiting: number }): void;
}

/** Which limit a rate-limit bucket belongs to (bounded label values). */
export function limitOf(bucket: string): string {
  if (bucket.startsWith('key:')) return 'api_key_events';
  if (bucket.startsWith('token:')) return 'token_exchange';
  if (bucket.includes(':addr:')) return 'runtime_address';
  if (bucket.endsWith(':runtime')) return 'runtime_site_events';
  return 'other';
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const batch = new Histogram({
    name: 'storefront_group_commit_batch_events',
    help: 'Events written per group-commit flush',
    buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000],
    registers: [registry],
  });
  const wait = new Histogram({
    name: 'storefront_group_commit_wait_seconds',
    help: 'Time an event batch waited in the group-commit queue before its flush started',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  const refusals = new Counter({ name: 'storefront_rate_limit_refusals_total', help: 'Requests refused by a rate limit (429)', labelNames: ['limit'], registers: [registry] });
  const storage = new Counter({ name: 'storefront_storage_errors_total', help: 'Storage faults seen', labelNames: ['kind'], registers: [registry] });
  return {
    registry,
    groupCommitFlushed(events, waitedSeconds) {
      batch.observe(events);
      wait.observe(waitedSeconds);
    },
    rateLimitRefused: (bucket) => refusals.inc({ limit: limitOf(bucket) }),
    storageError: (kind) => storage.inc({ kind }),
    watchPool(state) {
      new Gauge({
        name: 'storefront_db_pool_connections',
        help: 'PostgreSQL pool connections by state (in_use, idle) and callers waiting for one',
        labelNames: ['state'],
        registers: [registry],
        collect() {
          const s = state();
          this.set({ state: 'in_use' }, s.total - s.idle);
          this.set({ state: 'idle' }, s.idle);
          this.set({ state: 'waiting' }, s.waiting);
        },
      });
    },
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** A constant-time check of `Authorization: Bearer <token>`. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return m !== null && timingSafeEqual(digest(m[1]!), digest(token));
}

/** Request counts and latency per route template and status, and GET /metrics behind METRICS_TOKEN. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, options: { token: string | undefined }): void {
  const requests = new Counter({ name: 'storefront_http_requests_total', help: 'HTTP requests answered', labelNames: ['method', 'route', 'status'], registers: [metrics.registry] });
  const latency = new Histogram({
    name: 'storefront_http_request_duration_seconds',
    help: 'Time from receiving a request to answering it',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics.registry],
  });
  app.addHook('onError', async (_request, _reply, err) => {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && /^(EIO|ENOSPC|EROFS|EDQUOT)$/.test(code)) metrics.storageError('disk');
    else if (isUnavailableError(err)) metrics.storageError('unavailable');
    else if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) metrics.storageError('data_exception');
  });
  // The labelled series of each method, route template and status, looked up once: prom-client's
  // own lookup hashes the label object on every observation.
  const series = new Map<string, { count: () => void; observe: (seconds: number) => void }>();
  const seriesOf = (method: string, route: string, status: number) => {
    const key = `${method} ${status} ${route}`;
    let found = series.get(key);
    if (!found) {
      const labels = { method, route, status: String(status) };
      const counter = requests.labels(labels);
      const histogram = latency.labels(labels);
      found = { count: () => counter.inc(), observe: (seconds) => histogram.observe(seconds) };
      series.set(key, found);
    }
    return found;
  };
  app.addHook('onResponse', (request, reply, done) => {
    // The route template (never the raw URL: bounded label values); unmatched requests share one.
    const s = seriesOf(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode);
    s.count();
    s.observe(reply.elapsedTime / 1000);
    done();
  });
  if (options.token === undefined) return;
  const token = options.token;
  app.get('/metrics', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send(errorBody(request, 'unauthorized', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>'));
    }
    return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(await metrics.registry.metrics());
  });
}

/** The metrics on a port of their own (METRICS_PORT): no token, meant for a private network. */
export async function serveMetricsPort(metrics: Metrics, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '/').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
