import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { CacheIdentity } from '../../../shared/errors/cacheErrors';
import { openOrderCache } from '../openCache';
import type { OrderCache } from '../orderCache';

/**
 * Real order caches in fresh temporary directories for one test file: `open()` makes one; `newFile()` names a file
 * in a fresh directory and `openFile(file)` opens (another connection to) one. Each is closed and its directory
 * removed after every test.
 */
export function tempCaches(
  prefix: string,
  identity?: CacheIdentity,
): { open(): OrderCache; newFile(): string; openFile(file: string): OrderCache } {
  const dirs: string[] = [];
  const caches: OrderCache[] = [];
  afterEach(() => {
    for (const c of caches.splice(0)) c.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const newFile = () => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    dirs.push(dir);
    return path.join(dir, 'c.sqlite');
  };
  const openFile = (file: string) => {
    const r = openOrderCache({ file, ...(identity ? { identity } : {}) });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    caches.push(r.value);
    return r.value;
  };
  return { newFile, openFile, open: () => openFile(newFile()) };
}
