/** @module A small leveled logger writing one line per event to stdout/stderr. */
import type { LogLevel } from './config';

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

/** Describes any thrown value in one line (the stack only at debug level). */
export function describeError(error: unknown, withStack = false): string {
  if (error instanceof Error) return withStack && error.stack ? error.stack : error.message;
  return String(error);
}

/** A logger that drops events below `level`. */
export function createLogger(level: LogLevel = 'info'): Logger {
  const min = RANK[level];
  const line = (lvl: LogLevel, message: string) => `${new Date().toISOString()} ${lvl.padEnd(5)} ${message}`;
  return {
    debug: (m) => {
      if (min <= RANK.debug) console.log(line('debug', m));
    },
    info: (m) => {
      if (min <= RANK.info) console.log(line('info', m));
    },
    warn: (m) => {
      if (min <= RANK.warn) console.warn(line('warn', m));
    },
    error: (m, error) => {
      if (min > RANK.error) return;
      console.error(
        line('error', error === undefined ? m : `${m}: ${describeError(error, min <= RANK.debug)}`),
      );
    },
  };
}

/** A logger that says nothing (tests). */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
