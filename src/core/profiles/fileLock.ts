import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir } from '../paths/privateFiles';

/**
 * A cross-process lock for a short critical section (read-modify-write of settings.json by the app and the CLI):
 * the lock is a file created exclusively (`wx`). A holder that died leaves its file behind: older than `staleMs`,
 * it is taken over. Synchronous, because the sections it guards are (and take milliseconds).
 */
export class FileLockBusyError extends Error {
  constructor(readonly lockFile: string) {
    super(
      `another Merchant Desk process is changing the settings (lock ${lockFile}); try again — if none is running, delete that file`,
    );
  }
}

export interface FileLockOptions {
  /** Give up after this long (default 3 s). */
  timeoutMs?: number;
  /** A lock file older than this is a dead holder's (default 10 s). */
  staleMs?: number;
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Creates the lock file holding our token; false when someone else holds it. When the token cannot be written (a
 * full disk: the file exists but stays empty) the file is removed before the error goes on — an empty lock would
 * block every later change until it went stale, and could never be released (it does not hold our token).
 */
function tryCreateLock(lockFile: string, token: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockFile, 'wx', 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    try {
      writeSync(fd, token);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    rmSync(lockFile, { force: true });
    throw e;
  }
  return true;
}

export function withFileLock<T>(lockFile: string, fn: () => T, options: FileLockOptions = {}): T {
  const timeoutMs = options.timeoutMs ?? 3_000;
  const staleMs = options.staleMs ?? 10_000;
  const deadline = Date.now() + timeoutMs;
  // Ours, written into the file: release removes the lock only while it still holds this token.
  const token = `${process.pid}:${randomBytes(8).toString('hex')}`;
  ensurePrivateDir(path.dirname(lockFile));
  for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
    if (tryCreateLock(lockFile, token)) break;
    try {
      if (Date.now() - statSync(lockFile).mtimeMs > staleMs) {
        // A dead holder's: moved aside under a unique name first, so of several waiters only one takes it over.
        const aside = `${lockFile}.stale-${randomBytes(6).toString('hex')}`;
        renameSync(lockFile, aside);
        rmSync(aside, { force: true });
        continue;
      }
    } catch {
      continue; // released or taken over meanwhile
    }
    if (Date.now() >= deadline) throw new FileLockBusyError(lockFile);
    pause(wait);
  }
  try {
    return fn();
  } finally {
    try {
      if (readFileSync(lockFile, 'utf8') === token) rmSync(lockFile, { force: true });
    } catch {
      // gone already
    }
  }
}
