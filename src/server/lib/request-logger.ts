// Each request's logger, built when the request first writes a line (issue 37 item 2, decision
// 238). Fastify gives every request a child of the app's logger (bound to its request id); pino
// builds a child by serialising its bindings and copying the parent's methods, per request, even
// when nothing will be written (LOG_LEVEL=warn: a kept lookup writes no line). A request's logger
// here is a stand-in that asks the app's logger for that child on the first line at an enabled
// level: what is written, and how, is the same child's.
import type { FastifyBaseLogger } from "fastify";
import type { Bindings, ChildLoggerOptions } from "pino";

type LevelMethod = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
type LogArgs = Parameters<FastifyBaseLogger["info"]>;

/** A parent that can say whether a level writes (pino's isLevelEnabled); others are always asked. */
interface ParentLogger extends FastifyBaseLogger {
  isLevelEnabled?(level: string): boolean;
}

export class LazyRequestLogger implements FastifyBaseLogger {
  private built: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: ParentLogger,
    private readonly bindings: Bindings,
  ) {}

  /** The request's child, built once. */
  private logger(): FastifyBaseLogger {
    return (this.built ??= this.parent.child(this.bindings));
  }

  private write(level: LevelMethod, args: LogArgs): void {
    // A level the parent does not write: pino's method is a no-op, so no child is needed for it.
    if (this.built === undefined && this.parent.isLevelEnabled?.(level) === false) return;
    (this.logger()[level] as (...a: LogArgs) => void)(...args);
  }

  get level(): string {
    return (this.built ?? this.parent).level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  fatal(...args: LogArgs): void {
    this.write("fatal", args);
  }
  error(...args: LogArgs): void {
    this.write("error", args);
  }
  warn(...args: LogArgs): void {
    this.write("warn", args);
  }
  info(...args: LogArgs): void {
    this.write("info", args);
  }
  debug(...args: LogArgs): void {
    this.write("debug", args);
  }
  trace(...args: LogArgs): void {
    this.write("trace", args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }
}

/**
 * Fastify's childLoggerFactory: the lazy stand-in above, unless the route asks for its own level
 * or serializers (then pino's child at once, as Fastify does).
 */
export function lazyRequestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new LazyRequestLogger(logger, bindings);
}
