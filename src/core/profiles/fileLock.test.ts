import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createConfProfileStore } from './confProfileStore';
import { FileLockBusyError, withFileLock } from './fileLock';

// A full disk cannot be made on demand: writeSync (used only to write the lock's token) fails with ENOSPC while
// `diskFull.on` is set; everything else is the real file system.
const diskFull = vi.hoisted(() => ({ on: false }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return {
    ...fs,
    writeSync: (...args: Parameters<typeof fs.writeSync>) => {
      if (diskFull.on) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      return (fs.writeSync as (...a: unknown[]) => number)(...args);
    },
  };
});

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

  it('a full disk leaves no lock behind: the error is reported and the next change goes through', () => {
    const lock = lockIn();
    diskFull.on = true;
    try {
      expect(() => withFileLock(lock, () => 'never')).toThrow(/ENOSPC/);
    } finally {
      diskFull.on = false;
    }
    expect(existsSync(lock)).toBe(false);
    expect(withFileLock(lock, () => 'ran', { timeoutMs: 100 })).toBe('ran');
  });

  it('through the profile store: the change fails with the reason, settings.json.lock is gone', () => {
    const dir = path.dirname(lockIn());
    const store = createConfProfileStore(dir);
    const shop = {
      id: 'shop',
      name: 'Shop',
      kind: 'merchant' as const,
      baseUrl: 'https://api.example.com',
      platformUrl: 'https://platform.example.com',
      merchantId: 'M-1',
    };
    diskFull.on = true;
    try {
      expect(store.add(shop)).toMatchObject({
        ok: false,
        error: { kind: 'io', message: expect.stringContaining('ENOSPC') },
      });
    } finally {
      diskFull.on = false;
    }
    expect(existsSync(path.join(dir, 'settings.json.lock'))).toBe(false);
    expect(store.add(shop).ok).toBe(true);
  });
});
