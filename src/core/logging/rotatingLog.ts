import { appendFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, tightenFile } from '../paths/privateFiles';
import { redactSecrets } from './redact';

/**
 * A log file a merchant can send: timestamped lines, owner-only, redacted on the way in (the last-line defence of
 * redact.ts: nothing planned writes a secret, this catches what nobody planned), and rotated — when a line would
 * take the file past `maxBytes`, `<file>` becomes `<file>.1`, `.1` becomes `.2`, … and the oldest beyond `keep` is
 * deleted. So the folder holds at most (keep + 1) × maxBytes. Writing is synchronous (a line at a time, small) so
 * the last lines before a crash are on disk, and never throws: a full disk must not take the app down.
 *
 * Hand-written rather than electron-log: the same file format serves Electron main, the core host's utility
 * process and the tests in plain Node, with the project's redaction and owner-only modes.
 */
export interface RotatingLogOptions {
  /** Default 1 MiB. */
  maxBytes?: number;
  /** Rotated files kept besides the current one. Default 3. */
  keep?: number;
  now?: () => number;
}

export interface RotatingLog {
  readonly file: string;
  write(line: string): void;
  /** The current file and the rotated ones, newest first (those that exist). */
  files(): string[];
}

export function openRotatingLog(file: string, options: RotatingLogOptions = {}): RotatingLog {
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const keep = options.keep ?? 3;
  const now = options.now ?? Date.now;
  const rotated = (i: number) => `${file}.${i}`;
  let size: number | undefined;
  let ready = false;

  const sizeOnDisk = () => {
    try {
      return statSync(file).size;
    } catch {
      return 0;
    }
  };
  const rotate = () => {
    rmSync(rotated(keep), { force: true });
    for (let i = keep - 1; i >= 1; i--)
      try {
        renameSync(rotated(i), rotated(i + 1));
      } catch {
        // that generation does not exist yet
      }
    if (keep >= 1) renameSync(file, rotated(1));
    else rmSync(file, { force: true });
  };

  return {
    file,
    write(line) {
      try {
        if (!ready) {
          ensurePrivateDir(path.dirname(file));
          // appendFileSync's mode applies to a new file only: an existing, wider one is tightened here.
          tightenFile(file);
          ready = true;
        }
        const text = `${new Date(now()).toISOString()} ${redactSecrets(line.replace(/\n+$/, ''))}\n`;
        const bytes = Buffer.byteLength(text);
        size ??= sizeOnDisk();
        if (size > 0 && size + bytes > maxBytes) {
          rotate();
          size = 0;
        }
        appendFileSync(file, text, { mode: 0o600 });
        size += bytes;
      } catch {
        // Best effort: logging never fails what it describes.
      }
    },
    files() {
      const all = [file, ...Array.from({ length: keep }, (_, i) => rotated(i + 1))];
      return all.filter((f) => {
        try {
          statSync(f);
          return true;
        } catch {
          return false;
        }
      });
    },
  };
}
