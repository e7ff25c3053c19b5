import { appendFileSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, tightenFile } from '../paths/privateFiles';

/** What a request log line may hold: never headers, bodies, tokens, signatures or codes. */
export interface RequestLogEntry {
  endpoint: 'orders' | 'audit' | 'buyer-sync';
  attempt: number;
  url: string;
  status?: number;
  outcome: string;
  durationMs: number;
}

/**
 * The request log: one JSON line per HTTP attempt — time, endpoint, attempt, URL (origin and path only), HTTP
 * status, outcome, duration — for "what did the app send, and what came back?" questions. By construction it
 * holds no headers, bodies, tokens, signatures or authorization codes: RequestLogEntry has no field for them, and
 * the URL loses its user info, query and fragment. When the file passes `maxBytes` it is renamed to `<file>.1`
 * (replacing the previous one). A log that cannot be written never fails the request it describes.
 */
export interface RequestLogOptions {
  file: string;
  /** Default 1 MiB. */
  maxBytes?: number;
  now?: () => number;
}

export const REQUEST_LOG_FILE = 'requests.log';

/** `<dataDir>/logs/requests.log`. */
export function requestLogPath(dataDir: string): string {
  return path.join(dataDir, 'logs', REQUEST_LOG_FILE);
}

/** Origin and path only: never user info (`user:password@`), query or fragment. */
export function logSafeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return '(unparseable URL)';
  }
}

export function createRequestLog(options: RequestLogOptions): (entry: RequestLogEntry) => void {
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const now = options.now ?? Date.now;
  let ready = false;
  return (entry) => {
    try {
      if (!ready) {
        ensurePrivateDir(path.dirname(options.file));
        // appendFileSync's mode applies only to a new file: a log from an older version is tightened here.
        tightenFile(options.file);
        tightenFile(`${options.file}.1`);
        ready = true;
      }
      const line = `${JSON.stringify({
        t: new Date(now()).toISOString(),
        endpoint: entry.endpoint,
        attempt: entry.attempt,
        url: logSafeUrl(entry.url),
        ...(entry.status !== undefined ? { status: entry.status } : {}),
        outcome: entry.outcome,
        ms: Math.round(entry.durationMs),
      })}\n`;
      let size = 0;
      try {
        size = statSync(options.file).size;
      } catch {
        // not there yet
      }
      if (size > 0 && size + line.length > maxBytes) renameSync(options.file, `${options.file}.1`);
      appendFileSync(options.file, line, { mode: 0o600 });
    } catch {
      // Logging is best effort: a full disk or a read-only folder must not fail the request it describes.
    }
  };
}
