// Each request's logger, made only when the request logs something at a level that is on. Fastify
// gives every request a pino child bound to its request id; pino serialises those bindings when it
// makes the child, a cost every ingested event paid (about 1 % of track's CPU) though at the usual
// levels (info for the request lines is off at warn) most requests write no line at all. The lazy
// logger answers the same calls: a call at a level that is off does nothing, the first call at a
// level that is on makes the child (the same bindings, so the same lines), and every later call
// goes to it.
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type PinoLike = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };
type LogFn = (...args: unknown[]) => void;

class LazyRequestLogger {
  #child: PinoLike | undefined;

  constructor(
    private readonly parent: PinoLike,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The pino child, made on first use. */
  get logger(): PinoLike {
    return (this.#child ??= this.parent.child(this.bindings, this.options) as PinoLike);
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.parent).isLevelEnabled(level);
  }

  fatal(...args: unknown[]): void {
    this.log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.log('error', args);
  }
  warn(...args: unknown[]): void {
    this.log('warn', args);
  }
  info(...args: unknown[]): void {
    this.log('info', args);
  }
  debug(...args: unknown[]): void {
    this.log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.log('trace', args);
  }
  silent(): void {}

  private log(level: Level, args: unknown[]): void {
    if (this.#child === undefined && !this.parent.isLevelEnabled(level)) return;
    (this.logger[level] as LogFn).apply(this.logger, args);
  }
}

/**
 * Fastify's `childLoggerFactory`: a route with a log level or serializers of its own, or a logger
 * that is not pino (no `isLevelEnabled`: Fastify's null logger in tests), gets its child at once;
 * every other request the lazy logger.
 */
export function requestLogger(this: unknown, parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  const pino = parent as Partial<PinoLike>;
  if (options.level !== undefined || options.serializers !== undefined || typeof pino.isLevelEnabled !== 'function') return parent.child(bindings, options);
  return new LazyRequestLogger(parent as PinoLike, bindings, options) as unknown as FastifyBaseLogger;
}
