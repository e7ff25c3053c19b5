import path from 'node:path';
import { format } from 'node:util';
import { openRotatingLog, type RotatingLog, type RotatingLogOptions } from '../../core/logging/rotatingLog';

/** `<data dir>/logs/main.log`, beside the core host's core-host.log (Help → Open log folder opens the folder). */
export const MAIN_LOG_FILE = 'main.log';
export const mainLogPath = (dataDir: string): string => path.join(dataDir, 'logs', MAIN_LOG_FILE);

type ConsoleLike = Pick<Console, 'log' | 'info' | 'warn' | 'error'>;

/**
 * The main process's log: a packaged app has no console, so everything main already says with console.* is also
 * written (redacted, rotated: src/core/logging/rotatingLog.ts) to main.log, each line with its level.
 * Returns the log; the console keeps printing too (a developer's terminal).
 */
export function installMainLog(
  file: string,
  target: ConsoleLike = console,
  options: RotatingLogOptions = {},
): RotatingLog {
  const log = openRotatingLog(file, { maxBytes: 2 * 1024 * 1024, keep: 3, ...options });
  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    const original = target[level].bind(target);
    target[level] = (...args: unknown[]) => {
      log.write(`[${level}] ${format(...args.map(summarise))}`);
      original(...args);
    };
  }
  return log;
}

/** An Error as its name and message (a stack can be long; the message says what failed), anything else as is. */
function summarise(value: unknown): unknown {
  return value instanceof Error ? `${value.name}: ${value.message}` : value;
}
