import { createWriteStream, fchmodSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';

export interface HostLog {
  readonly file: string;
  write(line: string): void;
  close(): Promise<void>;
}

/**
 * The core host's log: its stdout/stderr and the supervisor's crash reports, appended without blocking the
 * caller's event loop. Owner-only, an existing file included: a crash report may name an order. (Nothing writes
 * secrets here.)
 */
export function openHostLog(file: string): HostLog {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const fd = openSync(file, 'a', 0o600);
  if (process.platform !== 'win32') fchmodSync(fd, 0o600);
  const stream = createWriteStream(file, { fd });
  stream.on('error', (e) => console.error(`[core host] cannot write ${file}:`, e.message));
  return {
    file,
    write(line) {
      stream.write(`${new Date().toISOString()} ${line.endsWith('\n') ? line : `${line}\n`}`);
    },
    close: () => new Promise<void>((resolve) => stream.end(resolve)),
  };
}
