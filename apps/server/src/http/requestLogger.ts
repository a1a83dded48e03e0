/**
 * Each request's logger (`request.log`), made on first use. Fastify gives every request a child of
 * the server's logger bound to its request id; making a pino child costs a few microseconds (its
 * bindings are serialised at once), which is a tenth of a poll's whole cost, and most requests
 * never log a line at the configured level. This child checks the level first and makes the real
 * pino child only when a line is written, so every logged line is the same as before.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

type LogArgs = unknown[];

class RequestLogger implements FastifyBaseLogger {
  #real: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
  ) {}

  private get real(): Logger {
    return (this.#real ??= this.parent.child(this.bindings));
  }

  private write(level: Level, args: LogArgs) {
    if (!(this.#real ?? this.parent).isLevelEnabled(level)) return;
    (this.real[level] as (...a: LogArgs) => void)(...args);
  }

  get level(): string {
    return (this.#real ?? this.parent).level;
  }

  set level(value: string) {
    this.real.level = value;
  }

  fatal(...args: LogArgs) {
    this.write('fatal', args);
  }
  error(...args: LogArgs) {
    this.write('error', args);
  }
  warn(...args: LogArgs) {
    this.write('warn', args);
  }
  info(...args: LogArgs) {
    this.write('info', args);
  }
  debug(...args: LogArgs) {
    this.write('debug', args);
  }
  trace(...args: LogArgs) {
    this.write('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

const isPino = (logger: FastifyBaseLogger): logger is Logger => typeof (logger as Partial<Logger>).isLevelEnabled === 'function';

/**
 * Fastify's `childLoggerFactory`. A route with its own log level or serializers gets pino's child
 * at once, and so does a logger that is not pino (logging turned off: Fastify's null logger).
 */
export function requestLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (options.level || options.serializers || !isPino(logger)) return logger.child(bindings, options);
  return new RequestLogger(logger, bindings) as unknown as FastifyBaseLogger;
}
