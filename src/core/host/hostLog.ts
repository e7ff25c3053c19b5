import { openRotatingLog, type RotatingLogOptions } from '../logging/rotatingLog';

export interface HostLog {
  readonly file: string;
  write(line: string): void;
  close(): Promise<void>;
}

/**
 * The core host's log: its stdout/stderr and the supervisor's crash reports. Owner-only, an existing file included:
 * a crash report may name an order. Rotated (core-host.log → .1 → .2 → .3, 1 MiB each) and redacted on the way in
 * (src/core/logging/rotatingLog.ts); nothing writes secrets here in the first place.
 */
export function openHostLog(file: string, options: RotatingLogOptions = {}): HostLog {
  const log = openRotatingLog(file, options);
  return {
    file,
    write: (line) => log.write(line),
    close: () => Promise.resolve(),
  };
}
