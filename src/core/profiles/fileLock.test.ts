import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileLockBusyError, withFileLock } from './fileLock';

const lockIn = () => path.join(mkdtempSync(path.join(tmpdir(), 'md-lock-')), 'settings.json.lock');

describe('withFileLock', () => {
  it('runs the section holding the lock file and removes it after, also when the section throws', () => {
    const lock = lockIn();
    expect(withFileLock(lock, () => existsSync(lock))).toBe(true);
    expect(existsSync(lock)).toBe(false);
    expect(() =>
      withFileLock(lock, () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(existsSync(lock)).toBe(false);
  });

  it('waits for a live holder and gives up with a clear error', () => {
    const lock = lockIn();
    writeFileSync(lock, '12345'); // held by someone else, fresh
    const started = Date.now();
    expect(() => withFileLock(lock, () => 1, { timeoutMs: 150 })).toThrow(FileLockBusyError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(existsSync(lock)).toBe(true); // not ours to remove
  });

  it("a holder that outlived the stale limit does not remove the next holder's lock", () => {
    const lock = lockIn();
    withFileLock(lock, () => {
      // Meanwhile this lock was judged stale and another process took it over.
      rmSync(lock);
      writeFileSync(lock, 'someone-else');
    });
    expect(readFileSync(lock, 'utf8')).toBe('someone-else');
  });

  it("takes over a dead holder's stale lock", () => {
    const lock = lockIn();
    writeFileSync(lock, '12345');
    const old = (Date.now() - 60_000) / 1000;
    utimesSync(lock, old, old);
    expect(withFileLock(lock, () => 'ran', { timeoutMs: 100, staleMs: 10_000 })).toBe('ran');
    expect(existsSync(lock)).toBe(false);
  });
});
