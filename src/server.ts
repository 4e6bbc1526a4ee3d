// The entry point that listens: builds the app, bootstraps an empty database, serves, and shuts
// down gracefully (in-flight requests finish, the pool closes).
import v8 from 'node:v8';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { buildApp } from './app.js';
import { bootstrapIfEmpty, bootstrapMessage, firstStepsMessage } from './bootstrap.js';
import { controlSocketPath, serveControlSocket } from './cli/control-socket.js';
import { serveMetricsPort } from './plugins/metrics.js';
import { MODULES } from './modules/index.js';
import { localSignInBanner } from './auth/local-sign-in.js';
import type { BackgroundTask } from './modules/module.js';

// In-flight requests end within the database timeouts (CONTRACT §7: every request answers within
// 10 s); SIGTERM finishes within 15 s even if closing the pool hangs.
const SHUTDOWN_GRACE_MS = 12_000;

/** The modules' background work (the recommendation model's refresh) and the worker of durable jobs (unless WORKER=0): started by the returned function once listening, stopped before the app closes its database. */
function backgroundTasks(app: FastifyInstance): () => void {
  const tasks: { module: string; task: BackgroundTask }[] = MODULES.flatMap((m) => {
    const task = m.background(app.services);
    return task ? [{ module: m.name, task }] : [];
  });
  if (app.services.config.worker) tasks.push({ module: 'jobs', task: app.services.jobs.worker() });
  app.addHook('preClose', async () => {
    await Promise.all(tasks.map((t) => t.task.stop()));
  });
  return () => {
    for (const { module, task } of tasks) task.start((err, context) => app.log.error({ err, module, context }, 'background work failed'));
  };
}

/**
 * The serving process without V8's allocation-site pretenuring: under load V8 took some of the
 * request path's allocation sites for long-lived and allocated their objects in the old generation,
 * where each (dead within milliseconds) kept the young objects it pointed to alive through every
 * scavenge until the next mark-compact: a server that had imported its catalog promoted ~4.8 MB a
 * scavenge instead of ~0.1 MB (BENCHMARKS.md, issue #16). Set here, where every way of starting the
 * server passes (V8 refuses the flag in NODE_OPTIONS).
 */
const NO_PRETENURING = '--no-allocation-site-pretenuring';

export async function startServer(config: Config): Promise<FastifyInstance> {
  v8.setFlagsFromString(NO_PRETENURING);
  const app = await buildApp(config);
  app.server.keepAliveTimeout = 72_000;
  app.server.requestTimeout = 30_000;
  if (config.engine === 'pglite') {
    const control = await serveControlSocket(controlSocketPath(config.dataDir), app.services);
    if (control) app.addHook('onClose', async () => void control.close());
  }
  if (config.metricsPort !== undefined) {
    const metricsServer = await serveMetricsPort(app.metrics, config.metricsPort, config.host);
    app.addHook('onClose', async () => void metricsServer.close());
    app.log.info({ port: config.metricsPort }, 'metrics served on their own port');
  }
  const startBackground = backgroundTasks(app);
  await app.listen({ port: config.port, host: config.host });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const baseUrl = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
  // The embedded engine's zero-setup start (outside production) makes "My shop" with a key; the demo,
  // when on, makes its site; on PostgreSQL and in production no key or ID token is made or printed.
  const firstStart = { demo: config.demo, withKey: config.engine === 'pglite' && !config.production };
  if (config.bootstrap && (firstStart.demo || firstStart.withKey)) {
    const result = await bootstrapIfEmpty(app.services.db, app.services, { port, ...firstStart });
    if (result) process.stdout.write(bootstrapMessage(result, baseUrl, `http://localhost:${port}`));
  } else if (config.bootstrap && (await app.services.kernel.sites.countSites()) === 0) {
    process.stdout.write(firstStepsMessage());
  }
  const localSignIn = config.localIdp ? (config.localIdpRemote ? 'any client' : 'loopback only') : 'off';
  app.log.info({ engine: config.engine, localSignIn, url: baseUrl }, 'storefront listening');
  process.stdout.write(`${localSignInBanner(config)}\n`);
  startBackground();

  // A stray rejection (a dependency's background failure) is logged, never fatal: the process
  // keeps serving (CONTRACT §7).
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled promise rejection'));

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  return app;
}
